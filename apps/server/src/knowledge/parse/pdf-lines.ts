import type { PdfLine } from './clean-text.js';

/**
 * Turns pdf.js text items into lines, using their geometry: how far apart two runs sit decides
 * between nothing (a gap a generator left at a font change), a space (between Latin words) and
 * a tab (table cells, columns); how far right a line reaches says whether the margin broke it;
 * its font size against the body size says whether it is a heading. Pure: no pdf.js import.
 */
export interface PdfTextItem {
  str: string;
  /** [a, b, c, d, x, y]: the text matrix; font size is the length of (c, d). */
  transform: number[];
  width: number;
  hasEOL: boolean;
}

export interface LaidOutLine {
  text: string;
  fontSize: number;
  right: number;
}

export interface LaidOutPage {
  width: number;
  lines: LaidOutLine[];
}

const CJK_CHAR = /[\p{Script=Han}\u3001-\u303f\uff01-\uff60]/u;
/** A gap this wide (in font sizes) between runs is a column or table cell; word spaces stay well under it. */
const COLUMN_GAP_EM = 0.8;
/** Chinese has no word spaces, so a smaller gap next to a Chinese character already separates cells. */
const CJK_COLUMN_GAP_EM = 0.45;
const WORD_GAP_EM = 0.15;
/** A line ending this close to the page's right-most text edge was broken by the margin. */
const WRAP_SLACK_EM = 2.5;
const HEADING_SIZE_RATIO = 1.15;
const HEADING_MAX_LENGTH = 60;

export function layoutPage(items: readonly PdfTextItem[], width: number): LaidOutPage {
  const lines: LaidOutLine[] = [];
  let text = '';
  let right = Number.NEGATIVE_INFINITY;
  let previousEnd = 0;
  let sizeWeights = new Map<number, number>();

  const finish = () => {
    if (text.trim() !== '') lines.push({ text, fontSize: dominant(sizeWeights), right });
    text = '';
    right = Number.NEGATIVE_INFINITY;
    sizeWeights = new Map();
  };

  for (const item of items) {
    if (item.str.trim() !== '') {
      const [a = 0, b = 0, c = 0, d = 0, x = 0] = item.transform;
      const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
      const itemWidth = item.width > 0 ? item.width : item.str.length * size * 0.5;
      if (text !== '') text += separator(text, item.str, (x - previousEnd) / size);
      text += item.str;
      previousEnd = x + itemWidth;
      right = Math.max(right, previousEnd);
      const rounded = Math.round(size * 2) / 2;
      sizeWeights.set(rounded, (sizeWeights.get(rounded) ?? 0) + item.str.length);
    }
    if (item.hasEOL) finish();
  }
  finish();
  return { width, lines };
}

function separator(before: string, after: string, gapEm: number): string {
  const cjkSide = CJK_CHAR.test(before.at(-1) ?? '') || CJK_CHAR.test(after[0] ?? '');
  if (gapEm >= COLUMN_GAP_EM || (cjkSide && gapEm >= CJK_COLUMN_GAP_EM) || gapEm <= -2 * COLUMN_GAP_EM) return '\t';
  if (!cjkSide && gapEm >= WORD_GAP_EM && !/\s$/.test(before) && !/^\s/.test(after)) return ' ';
  return '';
}

/** Marks wrapped lines (per page) and heading lines (sizes compared across the document). */
export function markLines(pages: readonly LaidOutPage[]): PdfLine[][] {
  const headingLevels = headingLevelsBySize(pages.flatMap((page) => page.lines));
  return pages.map((page) => {
    const maxRight = Math.max(...page.lines.map((line) => line.right));
    const hasMargin = maxRight >= 0.6 * page.width;
    return page.lines.map((line) => {
      const headingLevel = isHeadingShaped(line) ? headingLevels.get(roundSize(line.fontSize)) : undefined;
      return {
        text: line.text,
        wrapped: hasMargin && line.right >= maxRight - WRAP_SLACK_EM * line.fontSize,
        ...(headingLevel ? { headingLevel } : {}),
      };
    });
  });
}

/**
 * The body size is the one most characters are set in; larger sizes, biggest first, become
 * heading levels 1–6. A document mostly in large type (slides) gets no headings at all.
 */
function headingLevelsBySize(lines: readonly LaidOutLine[]): Map<number, number> {
  const charsBySize = new Map<number, number>();
  for (const line of lines) {
    const size = roundSize(line.fontSize);
    charsBySize.set(size, (charsBySize.get(size) ?? 0) + line.text.length);
  }
  const body = dominant(charsBySize);
  const candidates = lines.filter((line) => line.fontSize >= body * HEADING_SIZE_RATIO && isHeadingShaped(line));
  if (candidates.length === 0 || candidates.length > lines.length / 2) return new Map();
  const sizes = [...new Set(candidates.map((line) => roundSize(line.fontSize)))].sort((x, y) => y - x).slice(0, 6);
  return new Map(sizes.map((size, i) => [size, i + 1]));
}

const isHeadingShaped = (line: LaidOutLine) =>
  line.text.trim().length <= HEADING_MAX_LENGTH && !line.text.includes('\t') && !/[。！？；，]\s*$/u.test(line.text);

const roundSize = (size: number) => Math.round(size * 2) / 2;

function dominant(weights: Map<number, number>): number {
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}
