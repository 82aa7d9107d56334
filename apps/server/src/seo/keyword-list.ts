import { KEYWORD_LENGTH } from '@tianma/shared';

/** Spaces between Latin words do not count: MacBook Air M5 is 12 characters, not 14. */
export const isKeywordLength = (text: string) => {
  const length = [...text.replace(/\s+/gu, '')].length;
  return length >= KEYWORD_LENGTH.min && length <= KEYWORD_LENGTH.max;
};

/** Distinct keywords (case and spaces ignored) of a usable length, in the order added, up to a limit. */
export class KeywordList {
  readonly items: string[] = [];
  readonly #seen = new Set<string>();

  constructor(readonly limit: number) {}

  /** False when the keyword was left out (too short or long, already there, list full). */
  /** `shaped`: already measured by the offline rules (2–8, a Latin word counting two), so not re-measured here. */
  add(raw: string | undefined, shaped = false): boolean {
    const keyword = raw?.replace(/\s+/g, ' ').trim();
    if (!keyword || (!shaped && !isKeywordLength(keyword)) || this.items.length >= this.limit) return false;
    const key = keyword.toLowerCase().replace(/\s/g, '');
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.items.push(keyword);
    return true;
  }
}
