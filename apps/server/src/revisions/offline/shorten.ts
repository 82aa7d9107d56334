import { byScore, keyTerms, markdownProse, scoreSentence } from './key-sentences.js';
import { charLength, type Line, plainSentence, readLines, splitSentences } from './sentences.js';

/**
 * 缩写 without a model: extractive. The selection keeps about half its characters: its first
 * sentence, the best sentence of every paragraph of two or more, then the best of the rest while
 * they bring the length nearer to half, all in the original order. Headings, images, tables,
 * code and list markers stay as written; a sentence with a link or an image is never dropped;
 * no sentence is cut.
 */

/** Share of the selection's characters kept. */
export const SHORTEN_RATIO = 0.5;

interface Candidate {
  line: number;
  position: number;
  text: string;
  length: number;
  score: number;
  order: number;
  keep: boolean;
}

const HAS_LINK = /\]\(/u;

export function shorten(selection: string): string {
  const lines = readLines(selection);
  const terms = keyTerms(markdownProse(selection));
  const candidates: Candidate[] = [];
  const byLine = new Map<number, Candidate[]>();
  lines.forEach((line, index) => {
    if (line.kind !== 'prose') return;
    const sentences = splitSentences(line.text).map((text, position) => ({
      line: index,
      position,
      text,
      length: charLength(plainSentence(text)),
      score: scoreSentence(plainSentence(text), terms, position === 0),
      order: candidates.length + position,
      keep: HAS_LINK.test(text),
    }));
    candidates.push(...sentences);
    byLine.set(index, sentences);
  });
  if (candidates.length <= 1) return selection;

  candidates[0]!.keep = true;
  for (const sentences of byLine.values()) {
    if (sentences.length >= 2 && !sentences.some((s) => s.keep)) [...sentences].sort(byScore)[0]!.keep = true;
  }
  const structure = lines.reduce((sum, line) => sum + (line.kind === 'structure' ? charLength(line.text) : line.kind === 'prose' ? charLength(line.marker) : 0), 0);
  const target = (structure + candidates.reduce((sum, s) => sum + s.length, 0)) * SHORTEN_RATIO;
  let kept = structure + candidates.reduce((sum, s) => sum + (s.keep ? s.length : 0), 0);
  for (const sentence of candidates.filter((s) => !s.keep).sort(byScore)) {
    // Taken while it brings the length nearer to the target than leaving it out would.
    if (Math.abs(kept + sentence.length - target) < Math.abs(kept - target)) {
      sentence.keep = true;
      kept += sentence.length;
    }
  }
  return rebuild(lines, byLine);
}

/** The lines again, prose lines with their kept sentences only; a line with none left goes, and so does the blank line it leaves doubled. */
function rebuild(lines: readonly Line[], byLine: ReadonlyMap<number, Candidate[]>): string {
  const out: string[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'prose') {
      if (line.kind === 'blank' && (out.length === 0 || out.at(-1)!.trim() === '')) return;
      out.push(line.text);
      return;
    }
    const kept = byLine.get(index)!.filter((s) => s.keep);
    if (kept.length > 0) out.push(line.marker + kept.map((s) => s.text).join('').trimEnd());
  });
  while (out.length > 0 && out.at(-1)!.trim() === '' && lines.at(-1)?.kind !== 'blank') out.pop();
  return out.join('\n');
}
