import type { PdfTextItem } from '../pdf-lines.js';
import type { Rect } from './pdf-placement.js';

/**
 * A PDF page's text as positioned lines, and which of them stand next to a picture: what the
 * PDF pictures are captioned from. Pure: pdf.js hands in the text items.
 */
export interface PlacedLine {
  text: string;
  left: number;
  right: number;
  /** The baseline, in the page's user space (y upwards). */
  y: number;
  size: number;
}

const CJK = /[\p{Script=Han}\u3001-\u303f\uff01-\uff60]/u;
const HEADING_SIZE_RATIO = 1.15;
const HEADING_MAX_CHARS = 60;
/** Text further than this from a picture (in points, about five lines) is not about it. */
const MAX_CAPTION_GAP = 72;
/** A line beside a picture counts when it overlaps the picture's width widened by this much. */
const SIDE_SLACK = 36;

/** Items on one baseline, left to right, make a line; a new baseline starts the next. */
export function placedLines(items: readonly PdfTextItem[]): PlacedLine[] {
  const lines: PlacedLine[] = [];
  let line: PlacedLine | null = null;
  for (const item of items) {
    if (item.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
    const width = item.width > 0 ? item.width : item.str.length * size * 0.5;
    if (line && Math.abs(y - line.y) <= 0.5 * Math.min(size, line.size) && x >= line.right - size) {
      const gap = (x - line.right) / size;
      const spaced = gap > 0.15 && !CJK.test(line.text.at(-1) ?? '') && !CJK.test(item.str[0] ?? '');
      line.text += (spaced ? ' ' : '') + item.str;
      line.right = x + width;
      line.size = Math.max(line.size, size);
    } else {
      line = { text: item.str, left: x, right: x + width, y, size };
      lines.push(line);
    }
  }
  return lines.map((kept) => ({ ...kept, text: kept.text.replace(/\s+/gu, ' ').trim() }));
}

/** The size most characters are set in: the body text. */
export function bodySize(lines: readonly PlacedLine[]): number {
  const weights = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    weights.set(size, (weights.get(size) ?? 0) + [...line.text].length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) [best, bestWeight] = [size, weight];
  }
  return best;
}

export const isHeadingLine = (line: PlacedLine, body: number) =>
  body > 0 && line.size >= body * HEADING_SIZE_RATIO && [...line.text].length <= HEADING_MAX_CHARS && !/[。！？；，]$/u.test(line.text);

export interface LinesNearPicture {
  /** Nearest first. */
  below: string[];
  /** Nearest first. */
  above: string[];
  /** The nearest heading over the picture on this page. */
  heading?: string;
}

/** The body lines under and over a picture up to the nearest heading each way, and that heading above. */
export function linesNearPicture(lines: readonly PlacedLine[], rect: Rect, body: number): LinesNearPicture {
  const beside = (line: PlacedLine) => line.right >= rect.left - SIDE_SLACK && line.left <= rect.right + SIDE_SLACK;
  const headingsAbove = lines.filter((line) => isHeadingLine(line, body) && line.y >= rect.top - 2).sort((p, q) => p.y - q.y);
  const headingBelow = lines.filter((line) => isHeadingLine(line, body) && line.y + line.size <= rect.bottom + 2).sort((p, q) => q.y - p.y)[0];
  const floor = headingBelow?.y ?? Number.NEGATIVE_INFINITY;
  const ceiling = headingsAbove[0]?.y ?? Number.POSITIVE_INFINITY;
  const bodyLines = lines.filter((line) => !isHeadingLine(line, body) && beside(line));
  const below = bodyLines
    .filter((line) => line.y + line.size * 0.8 <= rect.bottom + 2 && line.y > floor && rect.bottom - line.y <= MAX_CAPTION_GAP)
    .sort((p, q) => q.y - p.y)
    .map((line) => line.text);
  const above = bodyLines
    .filter((line) => line.y >= rect.top - 2 && line.y < ceiling && line.y - rect.top <= MAX_CAPTION_GAP)
    .sort((p, q) => p.y - q.y)
    .map((line) => line.text);
  const heading = headingsAbove[0]?.text;
  return { below, above, ...(heading ? { heading } : {}) };
}

/** The last heading of a page in reading order (the lowest), carried to the pictures of the pages after it. */
export function lastHeading(lines: readonly PlacedLine[], body: number): string | undefined {
  return lines.filter((line) => isHeadingLine(line, body)).sort((p, q) => p.y - q.y)[0]?.text;
}
