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
