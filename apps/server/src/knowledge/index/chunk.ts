import { countCjkLength } from '@tianma/shared';

/**
 * Splits a parsed document into passages for retrieval: 400–600 counted characters each (as the
 * product counts length), ending where a sentence ends (。！？；or a line break). Each chunk
 * carries the markdown heading path it starts under, and its text is prefixed with that path,
 * so a passage read alone (by BM25, by the model) still says what it is about.
 */
export interface Chunk {
  ordinal: number;
  headingPath: string[];
  /** 【path】 followed by the content: what is indexed and given to the model. */
  text: string;
  content: string;
  /** countCjkLength(content). */
  chars: number;
}

export interface ChunkOptions {
  fileName: string;
  minChars?: number;
  maxChars?: number;
}

export const CHUNK_MIN_CHARS = 400;
export const CHUNK_MAX_CHARS = 600;

interface Unit {
  text: string;
  chars: number;
  headingPath: string[];
  isHeading: boolean;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
/** A sentence: up to and with its end mark and any closing quotes or brackets after it. */
const SENTENCE = /[^。！？；!?;]+(?:[。！？；!?;]+["'”’」』）)]*|$)|[。！？；!?;]+["'”’」』）)]*/gu;
/** Where a sentence too long for one chunk may still be cut politely. */
const CLAUSE_END = /[，、,：:—…\s]/u;
const AFTER_CLAUSE_END = /(?<=[，、,：:—…\s])/u;

export function chunkDocument(text: string, options: ChunkOptions): Chunk[] {
  const min = options.minChars ?? CHUNK_MIN_CHARS;
  const max = options.maxChars ?? CHUNK_MAX_CHARS;
  const fallbackPath = [fileStem(options.fileName)];
  const chunks: Chunk[] = [];
  let current: Unit[] = [];
  let currentChars = 0;

  const flush = () => {
    const content = current
      .map((unit) => unit.text)
      .join('')
      .trim();
    if (content !== '') {
      const headingPath = current[0]!.headingPath;
      const label = (headingPath.length > 0 ? headingPath : fallbackPath).join(' > ');
      chunks.push({ ordinal: chunks.length, headingPath, text: `【${label}】${content}`, content, chars: countCjkLength(content) });
    }
    current = [];
    currentChars = 0;
  };
  const add = (unit: Unit) => {
    current.push(unit);
    currentChars += unit.chars;
  };

  for (const unit of toUnits(text, max)) {
    if (unit.isHeading && currentChars >= min) flush();
    let rest: Unit | null = unit;
    while (rest) {
      if (currentChars + rest.chars <= max) {
        add(rest);
        rest = null;
      } else if (currentChars >= min) {
        flush();
      } else {
        // Even a whole sentence more overfills the chunk and it is still short: cut the sentence.
        const [head, tail] = cutUnit(rest, max - currentChars, min - currentChars);
        add(head);
        flush();
        rest = tail;
      }
    }
  }
  flush();
  return chunks;
}

/** Lines → heading units and sentence units; a line's last sentence keeps its line break. */
function toUnits(text: string, maxChars: number): Unit[] {
  const units: Unit[] = [];
  let path: string[] = [];
  let inFence = false;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    // A "# comment" inside a fenced code block is code, not a heading.
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      path = [...path.slice(0, level - 1), heading[2]!.replace(/[*_`]/g, '').trim()];
      units.push({ text: `${line}\n`, chars: countCjkLength(heading[2]!), headingPath: path, isHeading: true });
      continue;
    }
    const sentences = line.match(SENTENCE) ?? [];
    if (sentences.length === 0) {
      // A blank line: keep the paragraph break with whatever came before.
      const last = units.at(-1);
      if (last) last.text += '\n';
      continue;
    }
    const pieces = sentences.flatMap((sentence) => splitLongSentence(sentence, maxChars));
    pieces.forEach((piece, i) => {
      const withBreak = i === pieces.length - 1 ? `${piece}\n` : piece;
      units.push({ text: withBreak, chars: countCjkLength(piece), headingPath: path, isHeading: false });
    });
  }
  return units;
}

/**
 * A sentence longer than a whole chunk, in pieces of at most `max`: clauses packed greedily,
 * and a clause that alone is too long in slices of `max` code points (each counts at most one).
 * Linear, so a megabyte without a full stop does not stall the chunker.
 */
function splitLongSentence(sentence: string, max: number): string[] {
  if (countCjkLength(sentence) <= max) return [sentence];
  const pieces: string[] = [];
  let piece = '';
  let pieceChars = 0;
  for (const clause of sentence.split(AFTER_CLAUSE_END)) {
    const clauseChars = countCjkLength(clause);
    if (pieceChars + clauseChars > max && piece !== '') {
      pieces.push(piece);
      piece = '';
      pieceChars = 0;
    }
    if (clauseChars > max) {
      const codePoints = Array.from(clause);
      for (let at = 0; at < codePoints.length; at += max) pieces.push(codePoints.slice(at, at + max).join(''));
      continue;
    }
    piece += clause;
    pieceChars += clauseChars;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Cuts a unit so its head counts at most `budget` (and, where a clause end allows, at least
 * `atLeast`): at the last clause end (，、：or a space) that fits, else hard at the budget.
 */
function cutUnit(unit: Unit, budget: number, atLeast: number): [Unit, Unit] {
  const chars = Array.from(unit.text);
  const counted = (end: number) => countCjkLength(chars.slice(0, end).join(''));
  const limit = largestEndWithin(chars.length, budget, counted);

  // The last clause end within the budget is the longest such head; if even it is too short, none is long enough.
  let end = limit;
  while (end > 0 && !CLAUSE_END.test(chars[end - 1]!)) end -= 1;
  if (end === 0 || counted(end) < atLeast) end = avoidSplittingWord(chars, Math.max(1, limit));
  const head = chars.slice(0, end).join('');
  const tail = chars.slice(end).join('');
  const part = (text: string) => ({ ...unit, text, chars: countCjkLength(text), isHeading: false });
  return [part(head), part(tail)];
}

/** The largest prefix length (in code points) whose counted length stays within the budget. */
function largestEndWithin(length: number, budget: number, counted: (end: number) => number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (counted(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** A hard cut that falls inside a Latin word or number moves back to the word's start. */
function avoidSplittingWord(chars: string[], end: number): number {
  const isWordChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);
  if (!isWordChar(chars[end - 1]) || !isWordChar(chars[end])) return end;
  let start = end;
  while (start > 0 && isWordChar(chars[start - 1])) start -= 1;
  return start > 0 ? start : end;
}

function fileStem(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
