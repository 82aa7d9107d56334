/**
 * Line breaking and font fitting for card titles. Pure: the text measurer is injected, so the
 * rules are unit-tested without a canvas. Chinese breaks between any two characters, Latin
 * words stay whole, and the 禁则 rules keep closing punctuation off the start of a line and
 * opening punctuation off its end.
 */

/** Width in pixels of `text` drawn at `fontSize`. */
export type Measure = (text: string, fontSize: number) => number;

export interface FitOptions {
  maxWidth: number;
  maxLines: number;
  maxSize: number;
  minSize: number;
  /** Even out line lengths (like CSS `text-wrap: balance`) so no line holds a lone orphan. */
  balance?: boolean;
}

export interface FittedText {
  fontSize: number;
  lines: string[];
  /** The text did not fit even at minSize and the last line ends with '…'. */
  truncated: boolean;
}

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef\u2014\u2026\u201c\u201d\u2018\u2019\u00b7]/u;
const NO_LINE_START = new Set([...'。，、．！？；：）》」』】〕〉〗”’…—～·%‰℃,.!?;:)]}']);
const NO_LINE_END = new Set([...'（《「『【〔〈〖“‘([{']);
// NOTE: the card font (Noto Sans SC) has no emoji, so pictographs would render as tofu boxes.
const UNDRAWABLE = /\p{Emoji_Presentation}|\p{Extended_Pictographic}(?=\ufe0f)|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3/gu;

const graphemeSegmenter = new Intl.Segmenter('zh', { granularity: 'grapheme' });
const graphemes = (text: string): string[] => Array.from(graphemeSegmenter.segment(text), (s) => s.segment);

/** Removes what the card font cannot draw (emoji) and collapses whitespace. */
export function normalizeCardText(text: string): string {
  return text
    .replace(UNDRAWABLE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[。，、！？；：）》」』】…])|(?<=[（《「『【]) /g, '')
    .trim();
}

/** Alt text for an image: the title, then the subtitle. */
export function altText(title: string, subtitle?: string): string {
  const head = title.trim();
  const tail = subtitle?.trim();
  if (!tail) return head;
  return `${head}${/[。！？!?…]$/u.test(head) ? ' ' : '：'}${tail}`;
}

/** Splits text into units that may not be broken inside; ' ' units are break opportunities. */
export function breakUnits(text: string): string[] {
  const raw: string[] = [];
  let word = '';
  const flush = () => {
    if (word) raw.push(word);
    word = '';
  };
  for (const g of graphemes(text)) {
    if (/^\s+$/u.test(g)) {
      flush();
      if (raw.at(-1) !== ' ') raw.push(' ');
    } else if (WIDE.test(g)) {
      flush();
      raw.push(g);
    } else {
      word += g;
    }
  }
  flush();

  const units: string[] = [];
  let glueNext = false;
  for (const unit of raw) {
    const previous = units.at(-1);
    const first = unit[0] ?? '';
    if (previous !== undefined && unit !== ' ' && (glueNext || (NO_LINE_START.has(first) && previous !== ' '))) {
      units[units.length - 1] = previous + unit;
    } else {
      units.push(unit);
    }
    glueNext = unit !== ' ' && NO_LINE_END.has(unit.at(-1) ?? '');
  }
  return units;
}

/** Greedy line filling at one font size; a unit wider than the line is cut between graphemes. */
export function wrapText(text: string, maxWidth: number, width: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  let space = false;
  const place = (unit: string) => {
    const candidate = line === '' ? unit : line + (space ? ' ' : '') + unit;
    if (line === '' || width(candidate) <= maxWidth) {
      line = candidate;
    } else {
      lines.push(line);
      line = unit;
    }
    space = false;
  };
  for (const unit of breakUnits(text)) {
    if (unit === ' ') {
      space = line !== '';
    } else if (width(unit) <= maxWidth) {
      place(unit);
    } else {
      for (const piece of cutToWidth(unit, maxWidth, width)) place(piece);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function cutToWidth(unit: string, maxWidth: number, width: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const g of graphemes(unit)) {
    if (piece && width(piece + g) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += g;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The largest font size (from maxSize down to minSize) at which the text fits in maxLines. */
export function fitText(text: string, options: FitOptions, measure: Measure): FittedText {
  const { maxWidth, maxLines, maxSize, minSize } = options;
  let size = Math.max(Math.round(maxSize), 1);
  const floor = Math.max(Math.min(Math.round(minSize), size), 1);
  for (;;) {
    const at = size;
    const width = (t: string) => measure(t, at);
    const lines = wrapText(text, maxWidth, width);
    if (lines.length <= maxLines) {
      return { fontSize: size, lines: options.balance ? balanceLines(text, lines.length, maxWidth, width) : lines, truncated: false };
    }
    if (size === floor) return { fontSize: size, lines: truncate(lines, maxLines, maxWidth, width), truncated: true };
    size = Math.max(floor, Math.min(size - 1, Math.round(size * 0.94)));
  }
}

/** The narrowest width that keeps the same number of lines, so the lines come out even. */
function balanceLines(text: string, count: number, maxWidth: number, width: (text: string) => number): string[] {
  let best = wrapText(text, maxWidth, width);
  if (count < 2) return best;
  // NOTE: never narrower than the widest unit, or balancing would cut a Latin word in two.
  const widest = Math.max(...breakUnits(text).map((unit) => (unit === ' ' ? 0 : width(unit))));
  let low = Math.min(Math.floor(maxWidth), Math.max(Math.floor(maxWidth / count), Math.ceil(widest)));
  let high = Math.floor(maxWidth);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const lines = wrapText(text, mid, width);
    if (lines.length <= count) {
      best = lines;
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  return best;
}

function truncate(lines: string[], maxLines: number, maxWidth: number, width: (text: string) => number): string[] {
  const kept = lines.slice(0, maxLines);
  let last = graphemes(kept.at(-1) ?? '');
  while (last.length > 0 && width(`${last.join('').trimEnd()}…`) > maxWidth) last = last.slice(0, -1);
  kept[kept.length - 1] = `${last.join('').trimEnd()}…`;
  return kept;
}
