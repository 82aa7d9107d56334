import { PICTURE_CREDIT_LINE, type PlacedPicture, pictureMarkdown } from '@tianma/shared';
import type { TextChange, TextRange } from '../ai/revision-text';
import { rangeHolds } from '../ai/revision-text';

export type { PlacedPicture };

/** The paragraph a picture is found for: where it sits in the editor's text, and what it says. */
export interface PictureParagraph extends TextRange {
  text: string;
  /** The search's words: the selection when there is one, else the paragraph. */
  query: string;
  /** The picture line (and its credit line) right after the paragraph, which 替换 replaces. */
  image: TextRange | null;
}

const IMAGE_LINE = /^\s*!\[[^\]\n]*\]\([^)\n]+\)\s*$/u;
/** The search takes at most this many characters (the server's cap is 5,000). */
export const QUERY_MAX_CHARS = 2000;

interface Line {
  from: number;
  to: number;
  text: string;
}

function linesOf(doc: string): Line[] {
  const lines: Line[] = [];
  let from = 0;
  for (const text of doc.split('\n')) {
    lines.push({ from, to: from + text.length, text });
    from += text.length + 1;
  }
  return lines;
}

const blank = (line: Line) => line.text.trim() === '';
const lineIndexAt = (lines: Line[], pos: number) => Math.max(0, lines.findIndex((line) => pos <= line.to));

/**
 * The paragraph (lines up to a blank line) holding the cursor or the selection; on a blank line,
 * the paragraph above it (else below). Null when the text has no paragraph at all.
 */
export function paragraphAt(doc: string, selection: TextRange): PictureParagraph | null {
  const lines = linesOf(doc);
  let first = lineIndexAt(lines, selection.from);
  let last = lineIndexAt(lines, selection.to);
  if (selection.from === selection.to && blank(lines[first]!)) {
    let at = first;
    while (at >= 0 && blank(lines[at]!)) at -= 1;
    if (at < 0) {
      at = first;
      while (at < lines.length && blank(lines[at]!)) at += 1;
    }
    if (at < 0 || at >= lines.length) return null;
    first = at;
    last = at;
  }
  while (first > 0 && !blank(lines[first - 1]!)) first -= 1;
  while (last < lines.length - 1 && !blank(lines[last + 1]!)) last += 1;
  const from = lines[first]!.from;
  const to = lines[last]!.to;
  const text = doc.slice(from, to);
  const selected = doc.slice(selection.from, selection.to).trim();
  return { from, to, text, query: searchText(selected || text), image: imageAfter(lines, last) };
}

/** The words the search is given: markdown's marks and links' addresses say nothing about a picture. */
export function searchText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gmu, '')
    .replace(/[*_`~]+/gu, '')
    .trim()
    .slice(0, QUERY_MAX_CHARS);
}

/** The picture line after the paragraph's last line (blank lines between allowed), with its credit line. */
function imageAfter(lines: Line[], last: number): TextRange | null {
  let at = last + 1;
  while (at < lines.length && blank(lines[at]!)) at += 1;
  const line = lines[at];
  if (!line || !IMAGE_LINE.test(line.text)) return null;
  const credit = lines[at + 1];
  return { from: line.from, to: credit && PICTURE_CREDIT_LINE.test(credit.text) ? credit.to : line.to };
}

/**
 * The edit that puts the picture on its own line after the paragraph ('insert') or in place of the
 * picture already there ('replace'); null when the paragraph was changed since it was read.
 */
export function pictureChange(doc: string, paragraph: PictureParagraph, picture: PlacedPicture, where: 'insert' | 'replace'): TextChange | null {
  if (!rangeHolds(doc, paragraph, paragraph.text)) return null;
  const markdown = pictureMarkdown(picture);
  if (where === 'replace') {
    const image = paragraph.image;
    if (!image || !IMAGE_LINE.test(doc.slice(image.from).split('\n', 1)[0] ?? '')) return null;
    return { ...image, insert: markdown };
  }
  const rest = doc.slice(paragraph.to);
  const after = rest.startsWith('\n\n') || rest === '' ? '' : rest.startsWith('\n') ? '\n' : '\n\n';
  return { from: paragraph.to, to: paragraph.to, insert: `\n\n${markdown}${after}` };
}
