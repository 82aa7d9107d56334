import type pg from 'pg';
import type { TableChanges } from './table-changes.js';

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|end|rollback|abort)\s*;?\s*$/i;

type QueryText = string | { text: string };
const textOf = (query: unknown): string | null =>
  typeof query === 'string' ? query : query && typeof (query as { text?: unknown }).text === 'string' ? (query as { text: string }).text : null;

/**
 * Counts the writes this process makes through the pool (decision 070), as the PGlite client does:
 * each statement once it has run, and a transaction's once more when it has ended, so a read that
 * ran beside the open transaction on another connection is not kept. Every client the pool opens
 * is wrapped, and pool.query goes through those clients (with a callback, counted before it runs).
 */
export function countPoolWrites(pool: pg.Pool, changes: TableChanges): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let transaction: string[] | null = null;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0] as QueryText);
      if (text === null) return query(...args);
      if (BEGIN.test(text)) transaction = [];
      const counted = () => {
        if (END.test(text)) {
          for (const statement of transaction ?? []) changes.statement(statement);
          transaction = null;
          return;
        }
        changes.statement(text);
        transaction?.push(text);
      };
      // pool.query hands the client a callback; drizzle's transactions await a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          counted();
          return callback(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      return result instanceof Promise ? result.finally(counted) : result;
    };
  });
}
