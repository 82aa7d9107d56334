/**
 * Deterministic randomness for the offline writer and its titles: the same seed string always gives the same
 * sequence, so one task always writes the same article (no Math.random, no clock).
 */

/** FNV-1a over UTF-16 code units: a stable 32-bit hash of a seed string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough to pick phrases. */
export class SeededRandom {
  private state: number;

  constructor(seed: string) {
    this.state = hashString(seed) || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.next() * Math.max(1, maxExclusive));
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `count` distinct items in a random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }
}

/**
 * A view of a list shuffled once per article, from which part `part` of `parts` reads its own
 * slice first: sections written independently (and in parallel) then rarely reuse a phrase.
 */
export function slicedPool<T>(items: readonly T[], seed: string, part: number, parts: number): T[] {
  const shuffled = new SeededRandom(seed).shuffle(items);
  if (shuffled.length === 0) return shuffled;
  const start = Math.floor((Math.max(0, part) * shuffled.length) / Math.max(1, parts)) % shuffled.length;
  return [...shuffled.slice(start), ...shuffled.slice(0, start)];
}
