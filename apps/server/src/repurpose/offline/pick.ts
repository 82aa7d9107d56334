import { overlap } from '../../revisions/offline/key-sentences.js';
import { charLength } from '../../revisions/offline/sentences.js';
import { parseTopic } from '../../topic/index.js';
import { tagTopic } from '../../topic/segment.js';
import type { SourceSentence } from '../source-article.js';

/**
 * Choosing and trimming the source's own sentences, for every platform's offline form. A choice
 * never repeats a sentence (`used`), nor one saying again what a chosen one says, and keeps the
 * source's order; a trim cuts only at a clause's end (，；：) and ends the piece with 。.
 */

/** What an output has said so far: the sentences used (by order) and the texts written, so nothing is said twice. */
export class Said {
  readonly #orders = new Set<number>();
  readonly #texts: string[] = [];
  has(order: number): boolean {
    return this.#orders.has(order);
  }
  add(order: number, text: string): void {
    this.#orders.add(order);
    this.#texts.push(text);
  }
  /** True when the text says again what an earlier one said. */
  repeats(text: string): boolean {
    return this.#texts.some((earlier) => overlap(earlier, text) >= 0.45);
  }
}

export interface PickOptions {
  /** Characters to fill (the sum of the chosen sentences' lengths stays within it, one sentence at least). */
  budget: number;
  /** What this output has said already. */
  used: Said;
  /** Leave questions out (a lead or a conclusion states). */
  statements?: boolean;
  /** Leave out sentences leaning on the one before (所以…). */
  standalone?: boolean;
  /** The longest sentence taken whole; a longer one is trimmed to its clauses (default: no limit). */
  maxLength?: number;
  /** Leave out list items (a conclusion or a lead is made of prose). */
  prose?: boolean;
  /** At most this many sentences. */
  max?: number;
}

/** Whether a sentence is worth carrying at all: not filler, long enough to say something. */
export const usable = (sentence: SourceSentence) => !sentence.filler && sentence.length >= 8;

/** The best sentences within the budget, in the source's order; each is marked used. */
export function pickSentences(candidates: readonly SourceSentence[], options: PickOptions): string[] {
  const ranked = candidates
    .filter((s) => usable(s) && !options.used.has(s.order))
    .filter((s) => !(options.statements && s.question) && !(options.standalone && s.leaning) && !(options.prose && s.listItem))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: { order: number; text: string }[] = [];
  let total = 0;
  for (const sentence of ranked) {
    if (options.max !== undefined && chosen.length >= options.max) break;
    const text = options.maxLength && sentence.length > options.maxLength ? trimToClauses(sentence.text, options.maxLength) : sentence.text;
    if (!text) continue;
    const length = charLength(text);
    if (chosen.length > 0 && total + length > options.budget) continue;
    if (options.used.repeats(text)) continue;
    chosen.push({ order: sentence.order, text });
    total += length;
    options.used.add(sentence.order, text);
    if (total >= options.budget) break;
  }
  return chosen.sort((a, b) => a.order - b.order).map((c) => c.text);
}

/**
 * The sentence's leading clauses that fit `limit` characters, ended with 。 (or ？ for a
 * question); '' when even its first clause is too long or too short to stand alone.
 */
export function trimToClauses(text: string, limit: number): string {
  if (charLength(text) <= limit) return text;
  const question = /[？?][”」』]?$/u.test(text);
  const clauses = text.split(/(?<=[，,；;：:])/u);
  let kept = '';
  for (const clause of clauses) {
    if (charLength(kept + clause) > limit) break;
    kept += clause;
  }
  const bare = kept.replace(/[，,；;：:\s]+$/u, '');
  if (charLength(bare) < 6) return '';
  return `${bare}${question ? '？' : '。'}`;
}

const FUNCTION_WORD = /^(?:的|了|和|与|及|或|在|是|把|被|对|从|向|给|让|就|也|都|而|但|并|又|还|很|更|最|着|过|地|得)$/u;

/**
 * A title within `limit` characters cut at a natural boundary: whole clauses (a question keeps
 * its ？), else whole words (jieba) not ending on a function word, else the first `limit` characters.
 */
export function fitAtBoundary(title: string, limit: number): string {
  const clean = title.trim();
  if ([...clean].length <= limit) return clean;
  const clauses = clean.split(/(?<=[，,：:？?！!｜|、；;—])/u);
  let kept = '';
  for (const clause of clauses) {
    if ([...(kept + clause)].length > limit) break;
    kept += clause;
  }
  kept = kept.replace(/[，,：:｜|、；;—\s]+$/u, '');
  if ([...kept].length >= Math.min(6, limit / 2)) return kept;
  const first = clauses[0]!;
  let cursor = 0;
  let best = '';
  for (const { word } of tagTopic(first)) {
    // Cut the clause as written (its spaces kept: MacBook Air M5), after a whole word.
    const at = first.indexOf(word, cursor);
    if (at < 0) break;
    cursor = at + word.length;
    if ([...first.slice(0, cursor)].length > limit) break;
    if (!FUNCTION_WORD.test(word)) best = first.slice(0, cursor);
  }
  best = best.replace(/[\p{P}\s]+$/u, '');
  // A question cut before its end would read as a claim the source does not make: its subject stands instead.
  if (best && /[？?]\s*$/u.test(first)) {
    const { subject } = parseTopic(first);
    if (subject && first.includes(subject) && [...subject].length <= limit) return subject;
  }
  return best || [...clean].slice(0, limit).join('');
}

/** A stable number from text, to vary fixed choices (emoji) between articles but not between runs. */
export function seedOf(text: string): number {
  let seed = 7;
  for (const ch of text) seed = (seed * 31 + (ch.codePointAt(0) ?? 0)) % 99_991;
  return seed;
}
