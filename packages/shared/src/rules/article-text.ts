import { countCjkLength, stripMarkdown, truncate } from './text.js';

export const UNTITLED = '无标题';
export const NO_SUMMARY = '暂无摘要';
export const TITLE_FALLBACK_LENGTH = 30;
export const SHARE_TITLE_MAX = 50;
export const SHARE_DESCRIPTION_MAX = 80;
export const DEFAULT_SHARE_TITLE = '这是我在天马上创作的文章，快来试一试吧';
export const DEFAULT_SHARE_DESCRIPTION = '这是我在天马上创作的文章，快来试一试吧';
export const DEFAULT_WECHAT_SHARE_TITLE = '精彩文章内容';

/**
 * Title of a list item: the server's title, else the phrase in the summary between
 * 这是一篇关于 and 的, else the summary's first 30 characters with an ellipsis, else 无标题.
 */
export function articleListTitle(title: string | null | undefined, summary: string | null | undefined): string {
  if (title?.trim()) return title.trim();
  const text = summary?.trim() ?? '';
  const about = /这是一篇关于(.+?)的/.exec(text);
  if (about?.[1]) return about[1];
  if (text) return truncate(text, TITLE_FALLBACK_LENGTH);
  return UNTITLED;
}

export function articleListSummary(summary: string | null | undefined): string {
  return summary?.trim() ? summary.trim() : NO_SUMMARY;
}

/** WeChat share title: first level-1 heading, else first non-empty line (plain, ≤ 50), else the default. */
export function shareTitle(markdown: string): string {
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown);
  if (heading?.[1]) return truncate(stripMarkdown(heading[1]), SHARE_TITLE_MAX, '');
  const firstLine = markdown
    .split('\n')
    .map((line) => stripMarkdown(line))
    .find((line) => line.length > 0);
  if (firstLine) return truncate(firstLine, SHARE_TITLE_MAX, '');
  return DEFAULT_WECHAT_SHARE_TITLE;
}

/** Share description: markdown stripped, newlines collapsed, 80 characters plus an ellipsis. */
export function shareDescription(markdown: string, fallback = DEFAULT_SHARE_DESCRIPTION): string {
  const plain = stripMarkdown(markdown).replace(/\s*\n\s*/g, ' ').replace(/\s{2,}/g, ' ').trim();
  if (!plain) return fallback;
  return truncate(plain, SHARE_DESCRIPTION_MAX, '…');
}

/** The first level-1 heading of an article's markdown, plain, or null. */
export function articleHeading(markdown: string): string | null {
  const heading = /^#[ \t]+(.+?)[ \t]*#*[ \t]*$/m.exec(markdown);
  const text = heading?.[1] ? stripMarkdown(heading[1]) : '';
  return text || null;
}

export const ARTICLE_SUMMARY_MAX = 120;

/**
 * The summary stored with an article: its first real paragraph (at least 20 counted
 * characters; headings, images and [n] markers are not prose), cut to 120 characters.
 */
export function articleSummary(markdown: string): string {
  const body = stripMarkdown(markdown.replace(/^#{1,6} .*$/gm, '')).replace(/\[\d+\]/g, '');
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim());
  const first = paragraphs.find((p) => countCjkLength(p) >= 20) ?? paragraphs.find(Boolean) ?? '';
  return truncate(first, ARTICLE_SUMMARY_MAX, '…');
}

/** The address of the first markdown image, or null. */
export function firstImageUrl(markdown: string): string | null {
  const image = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/.exec(markdown);
  return image?.[1] ?? null;
}

/** The heading that opens the reference list the server appends (generation/citations.ts). */
const REFERENCE_HEADING = /^#{2,3}[ \t]+(?:参考资料|参考文献|参考来源|References)[ \t]*$/m;

/**
 * The article's word count (字数), the one rule behind every count shown: the number stored with
 * an article, the preview, the editor and my articles. The markdown is reduced to its prose first:
 * marks, image tags, link addresses, bare URLs, citation markers ([1], [2,3]) and the closing
 * reference list are not words. Then, as countCjkLength counts and as word processors count 字数:
 * every CJK character and full-width punctuation mark is one, every run of Latin letters or digits
 * is one word (「MacBook Air M5 续航 12 小时」 is 8), and a number keeps its decimal point or
 * thousands separator (3.5, 1,000 and 12:30 are one word each).
 */
export function countArticleWords(markdown: string): number {
  const reference = REFERENCE_HEADING.exec(markdown);
  const body = reference ? markdown.slice(0, reference.index) : markdown;
  const prose = stripMarkdown(body)
    .replace(/\bhttps?:\/\/[^\s<>()（）]+/giu, ' ')
    .replace(/\[\d+(?:\s*[,，、-]\s*\d+)*\]/g, '')
    .replace(/(?<=\d)[.,:](?=\d)/g, '');
  return countCjkLength(prose);
}

/** Words that describe a picture to an image model rather than say what it shows to a reader. */
const IMAGE_INSTRUCTION =
  /画面|插画|风格|色调|构图|画风|描绘|渲染|光影|镜头|写实|扁平|质感|不含文字|无文字|高清|分辨率|横版|竖版|\d+(?:\.\d+)?\s*[:：]\s*\d+|(?:^|[，,\s])(?:一张|一幅)|\b(?:prompt|illustration|photo(?:graph)?|render(?:ed)?|style|4k|8k)\b/iu;
/** Captions that name nothing: 封面, 插图1, 图片, cover, image 2. */
const PLACEHOLDER_CAPTION = /^(?:封面图?|插图|配图|图片|图|cover|image|picture|figure)\s*\d*$/iu;
export const IMAGE_CAPTION_MAX = 24;

/**
 * Text written for an image model (「清晨的书桌，台灯与笔记本，暖色调插画」) or a placeholder
 * (「封面」): what must never be drawn on a cover or shown as an image's caption or alt text.
 */
export function isImageInstruction(text: string): boolean {
  const plain = text.trim();
  if (!plain) return false;
  return PLACEHOLDER_CAPTION.test(plain) || IMAGE_INSTRUCTION.test(plain) || countCjkLength(plain) > IMAGE_CAPTION_MAX;
}

/** An image's caption as a reader sees it: the planned caption when it is one, else the fallback (a title or heading). */
export function imageCaption(caption: string | null | undefined, fallback: string): string {
  const plain = stripMarkdown(caption ?? '').replace(/\s+/g, ' ').trim();
  return plain && !isImageInstruction(plain) ? plain : fallback.trim();
}
