import { KEYWORD_LENGTH } from '@tianma/shared';

export const isKeywordLength = (text: string) => {
  const length = [...text].length;
  return length >= KEYWORD_LENGTH.min && length <= KEYWORD_LENGTH.max;
};

/** Distinct keywords (case and spaces ignored) of a usable length, in the order added, up to a limit. */
export class KeywordList {
  readonly items: string[] = [];
  readonly #seen = new Set<string>();

  constructor(readonly limit: number) {}

  /** False when the keyword was left out (too short or long, already there, list full). */
  add(raw: string | undefined): boolean {
    const keyword = raw?.replace(/\s+/g, ' ').trim();
    if (!keyword || !isKeywordLength(keyword) || this.items.length >= this.limit) return false;
    const key = keyword.toLowerCase().replace(/\s/g, '');
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.items.push(keyword);
    return true;
  }
}
