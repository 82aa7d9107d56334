import { type Platform, PLATFORM_TITLE_LIMITS } from '@tianma/shared';
import { type ArticleLine, classifyLines, firstParagraph, headingText, joinLines, mentions } from './article-lines.js';
import { limitKeywordDensity } from './keyword-density.js';

/**
 * Checks after the SEO stage (content-creation §2 SEO options), whoever wrote the article: with
 * 优化标题和内容, the first keyword in the title, a keyword in the first paragraph and in a ##
 * heading, and no keyword stuffed past a sane density; with 针对平台优化, the platform's touches
 * (Xiaohongshu: a #话题 line with the keywords). Each repair is the smallest that satisfies the
 * rule, and an article that already satisfies a rule is left as it is.
 */

export interface SeoRuleOptions {
  optimizeTitleAndContent: boolean;
  optimizePlatform: boolean;
}

export interface SeoRuleInput {
  title: string;
  /** The article, starting with its `# 标题` line. */
  markdown: string;
  keywords: readonly string[];
  platform: Platform;
  options: SeoRuleOptions;
}

export type SeoRuleChange = 'title' | 'lead' | 'heading' | 'density' | 'tags';

export interface SeoRuleOutput {
  title: string;
  markdown: string;
  /** What was repaired, in order (empty when the article already followed every rule). */
  changes: SeoRuleChange[];
}

const MAX_KEYWORDS = 10;
const MAX_TAGS = 10;

/** The sentence that brings a keyword into the first paragraph, in each platform's voice. */
export const LEAD_SENTENCES: Record<Platform, (keyword: string) => string> = {
  wechat: (keyword) => `本文就围绕${keyword}，把关键问题一次讲清楚。`,
  zhihu: (keyword) => `下面围绕${keyword}具体说说。`,
  xiaohongshu: (keyword) => `今天就来聊聊${keyword}～`,
};

export function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.replace(/^[#＃]+/, '').trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    clean.push(keyword);
  }
  return clean.slice(0, MAX_KEYWORDS);
}

const charLength = (text: string) => [...text].length;
const TRAILING_EMOJI = /(\p{Extended_Pictographic}\uFE0F?)+$/u;

/**
 * The title with the keyword after it (｜), or before it (：) when the title is a question, within
 * the platform's limit; a trailing emoji gives way when that alone makes room. Unchanged when the
 * keyword cannot fit.
 */
export function titleWithKeyword(title: string, keyword: string, limit: number): string {
  if (mentions(title, keyword)) return title;
  if (title.trim() === '') return keyword;
  const emoji = TRAILING_EMOJI.exec(title)?.[0] ?? '';
  const base = title.slice(0, title.length - emoji.length).trimEnd();
  const after = `${base}｜${keyword}${emoji}`;
  const before = `${keyword}：${title}`;
  const candidates = /[？?]$/.test(base) ? [before, after] : [after, before];
  for (const candidate of [...candidates, `${base}｜${keyword}`]) {
    if (charLength(candidate) <= limit) return candidate;
  }
  return title;
}

const OPEN_END = /[\p{L}\p{N}]$/u;

/** Lines with a paragraph set in at `at`, a blank line on each side (no double blanks). */
function insertParagraph(lines: ArticleLine[], at: number, text: string): ArticleLine[] {
  const blank: ArticleLine = { kind: 'blank', text: '' };
  const before = at > 0 && lines[at - 1]!.kind !== 'blank' ? [blank] : [];
  const after = at < lines.length && lines[at]!.kind !== 'blank' ? [blank] : [];
  return [...lines.slice(0, at), ...before, { kind: 'text', text }, ...after, ...lines.slice(at)];
}

/** Appends the lead sentence to the first paragraph, or sets it before the paragraph when appending would read badly. */
function addLeadSentence(lines: ArticleLine[], paragraph: number[], sentence: string): ArticleLine[] {
  const last = paragraph.at(-1);
  if (last === undefined) return insertParagraph(lines, lines.findIndex((line) => line.kind === 'title') + 1, sentence);
  const host = lines[last]!;
  if (host.kind === 'list' || /[：:]\s*$/.test(host.text)) return insertParagraph(lines, paragraph[0]!, sentence);
  const text = host.text.trimEnd();
  const joined = `${text}${OPEN_END.test(text) ? '。' : ''}${sentence}`;
  return lines.map((line, i) => (i === last ? { ...line, text: joined } : line));
}

/** Distinct characters a heading and a keyword share: how related they look. */
function overlap(heading: string, keyword: string): number {
  const chars = new Set(heading.toLowerCase());
  return new Set([...keyword.toLowerCase()].filter((ch) => /[\p{L}\p{N}]/u.test(ch) && chars.has(ch))).size;
}

/** Appends a keyword to the ## heading that looks most related to one (else the first body heading). */
function addHeadingKeyword(lines: ArticleLine[], keywords: string[]): ArticleLine[] | undefined {
  const headings = lines.flatMap((line, i) => (line.kind === 'heading' && /^##\s/.test(line.text) ? [i] : []));
  if (headings.length === 0) return undefined;
  if (headings.some((i) => keywords.some((keyword) => mentions(lines[i]!.text, keyword)))) return undefined;
  let best = { score: 0, at: headings[headings.length >= 3 ? 1 : 0]!, keyword: keywords[0]! };
  for (const keyword of keywords) {
    for (const at of headings) {
      const score = overlap(headingText(lines[at]!.text), keyword);
      if (score > best.score) best = { score, at, keyword };
    }
  }
  return lines.map((line, i) => (i === best.at ? { ...line, text: `${line.text.trimEnd()}｜${best.keyword}` } : line));
}

/** A keyword as a hashtag: no spaces or punctuation. */
export function asTag(keyword: string): string {
  return keyword.replace(/[\s#＃，。、：；！？,.:;!?'"“”‘’（）()《》【】[\]|｜]+/gu, '');
}

/** Adds the keywords missing from the closing #话题 line, or writes that line when there is none. */
function addTopicTags(lines: ArticleLine[], keywords: string[]): ArticleLine[] | undefined {
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.kind === 'blank') last -= 1;
  const existing = last >= 0 && lines[last]!.kind === 'tags' ? last : -1;
  const present = existing >= 0 ? lines[existing]!.text.trim().split(/\s+/) : [];
  const have = new Set(present.map((tag) => tag.replace(/^[#＃]/, '').toLowerCase()));
  const missing = keywords.map(asTag).filter((tag) => tag !== '' && !have.has(tag.toLowerCase()));
  if (missing.length === 0) return undefined;
  const tags = [...present, ...missing.map((tag) => `#${tag}`)].slice(0, Math.max(MAX_TAGS, present.length));
  if (tags.length === present.length) return undefined;
  const line: ArticleLine = { kind: 'tags', text: tags.join(' ') };
  if (existing >= 0) return lines.map((entry, i) => (i === existing ? line : entry));
  return [...lines.slice(0, last + 1), { kind: 'blank', text: '' }, line];
}

export function applySeoRules(input: SeoRuleInput): SeoRuleOutput {
  const keywords = cleanKeywords(input.keywords);
  const changes: SeoRuleChange[] = [];
  let lines = classifyLines(input.markdown);
  let title = input.title;
  if (keywords.length === 0) return { title, markdown: input.markdown, changes };
  const first = keywords[0]!;

  if (input.options.optimizeTitleAndContent) {
    const titleAt = lines.findIndex((line) => line.kind === 'title');
    const current = titleAt >= 0 ? headingText(lines[titleAt]!.text) : title;
    const repaired = titleWithKeyword(current, first, PLATFORM_TITLE_LIMITS[input.platform]);
    title = repaired;
    if (repaired !== current) {
      if (titleAt >= 0) lines = lines.map((line, i) => (i === titleAt ? { ...line, text: `# ${repaired}` } : line));
      changes.push('title');
    }

    const paragraph = firstParagraph(lines);
    const leadText = paragraph.map((i) => lines[i]!.text).join('\n');
    if (!keywords.some((keyword) => mentions(leadText, keyword))) {
      lines = addLeadSentence(lines, paragraph, LEAD_SENTENCES[input.platform](first));
      changes.push('lead');
    }

    const withHeading = addHeadingKeyword(lines, keywords);
    if (withHeading) {
      lines = withHeading;
      changes.push('heading');
    }

    const limited = limitKeywordDensity(lines, keywords);
    if (limited) {
      lines = limited;
      changes.push('density');
    }
  }

  if (input.options.optimizePlatform && input.platform === 'xiaohongshu') {
    const tagged = addTopicTags(lines, keywords);
    if (tagged) {
      lines = tagged;
      changes.push('tags');
    }
  }

  return { title, markdown: changes.length > 0 ? joinLines(lines) : input.markdown, changes };
}
