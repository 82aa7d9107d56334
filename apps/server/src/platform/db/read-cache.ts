import type { TableChanges } from './table-changes.js';

interface Entry {
  stamp: string;
  value: unknown;
}

export const READ_CACHE_MAX_ENTRIES = 10_000;

/**
 * Reads kept until a table they come from is written (decision 070). On the embedded database
 * TableChanges sees every write, so an answer is never older than the last completed write. On
 * PostgreSQL it also hears the other processes' committed writes from the database (a notice, a
 * moment after the commit), and keeps nothing while it cannot hear them.
 *
 * A value is stored only when no write to its tables completed while it was read. Values are
 * shared between requests and frozen: a caller that changed one would change it for the next.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly changes: TableChanges,
    private readonly maxEntries = READ_CACHE_MAX_ENTRIES,
  ) {}

  /** Whether values are kept now (on PostgreSQL: while the change listener is subscribed). */
  get active(): boolean {
    return this.changes.heard;
  }

  get size(): number {
    return this.#entries.size;
  }

  async read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.changes.heard) {
      this.#entries.clear();
      return load();
    }
    const stamp = this.changes.stamp(tables);
    const entry = this.#entries.get(key);
    if (entry?.stamp === stamp) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as T;
    }
    const value = await load();
    if (!this.changes.heard || this.changes.stamp(tables) !== stamp) return value;
    this.#entries.delete(key);
    this.#entries.set(key, { stamp, value: deepFreeze(value) });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof Date) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  if (value instanceof Map) for (const inner of value.values()) deepFreeze(inner);
  return Object.freeze(value);
}
