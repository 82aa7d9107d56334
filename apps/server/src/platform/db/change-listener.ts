import pg from 'pg';
import type { TableChanges } from './table-changes.js';

/** The channel of migration 0014's triggers. */
export const TABLE_CHANGES_CHANNEL = 'tianma_table_changes';

const RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * Hears the database's notices of committed writes to the hot tables (migration 0014), from every
 * process and script, on one connection of its own, and counts them in `changes` (decision 070).
 * While it is not subscribed (starting, or the connection lost until it is back) `changes` is
 * marked unheard, so that nothing is kept that a missed notice could leave stale.
 */
export class ChangeListener {
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | undefined;
  #waiters: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly changes: TableChanges,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    changes.setHeard(false);
    void this.#connect();
  }

  /** Resolves when subscribed (at once if it is, or after `timeoutMs` still unheard): tests and benches wait on it. */
  ready(timeoutMs = 5000): Promise<void> {
    if (this.#client !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.changes.setHeard(false);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === TABLE_CHANGES_CHANNEL) this.changes.wrote(message.payload || null);
    });
    // An error is followed by 'end', and a failed connect by both: the first one counts.
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      this.#lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the change listener connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${TABLE_CHANGES_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (lost) return;
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#attempt = 0;
    this.changes.setHeard(true);
    for (const wake of this.#waiters.splice(0)) wake();
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#closed) return;
    this.#client = null;
    this.changes.setHeard(false);
    this.onError(error);
    client.end().catch(() => undefined);
    const wait = RETRY_MS[Math.min(this.#attempt, RETRY_MS.length - 1)]!;
    this.#attempt += 1;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#connect(), wait);
    this.#timer.unref();
  }
}
