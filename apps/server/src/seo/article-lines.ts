/**
 * An article's markdown as classified lines, for the SEO rules: which line is the title, a
 * heading, prose, the #话题 line, or something never to touch (code, tables, images).
 */

export type LineKind = 'title' | 'heading' | 'text' | 'quote' | 'list' | 'tags' | 'image' | 'table' | 'code' | 'blank';

export interface ArticleLine {
  kind: LineKind;
  text: string;
}

/** `#话题 #标签` with no space after each #, and nothing else on the line. */
export const TAGS_LINE = /^\s*(?:[#＃][^\s#＃]+\s*)+$/u;
const FENCE = /^\s*(```|~~~)/;

export function classifyLines(markdown: string): ArticleLine[] {
  let inCode = false;
  let titleSeen = false;
  return markdown.split('\n').map((text): ArticleLine => {
    if (FENCE.test(text)) {
      inCode = !inCode;
      return { kind: 'code', text };
    }
    if (inCode) return { kind: 'code', text };
    if (text.trim() === '') return { kind: 'blank', text };
    if (/^#\s/.test(text) && !titleSeen) {
      titleSeen = true;
      return { kind: 'title', text };
    }
    if (/^#{1,6}\s/.test(text)) return { kind: 'heading', text };
    if (TAGS_LINE.test(text)) return { kind: 'tags', text };
    if (/^\s*!\[[^\]]*\]\([^)]*\)\s*$/.test(text)) return { kind: 'image', text };
    if (/^\s*\|/.test(text)) return { kind: 'table', text };
    if (/^\s*>/.test(text)) return { kind: 'quote', text };
    if (/^\s*([-*+]|\d+[.)])\s/.test(text)) return { kind: 'list', text };
    return { kind: 'text', text };
  });
}

export const joinLines = (lines: readonly ArticleLine[]) => lines.map((line) => line.text).join('\n');

/** Prose a reader reads: where keywords count and where sentences may be changed. */
export const isProse = (line: ArticleLine) => line.kind === 'text' || line.kind === 'quote' || line.kind === 'list';

/** The text of a heading or title line, without its #s. */
export const headingText = (line: string) => line.replace(/^#{1,6}\s+/, '').trim();

/** The line indexes of the first paragraph: the first run of prose lines, skipping images and tags. */
export function firstParagraph(lines: readonly ArticleLine[]): number[] {
  const start = lines.findIndex(isProse);
  if (start < 0) return [];
  const indexes: number[] = [];
  for (let i = start; i < lines.length && lines[i]!.kind === lines[start]!.kind; i += 1) indexes.push(i);
  return indexes;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Whether a text holds a keyword, case and spaces ignored. */
export function mentions(text: string, keyword: string): boolean {
  const target = normalise(keyword);
  return target !== '' && normalise(text).includes(target);
}
