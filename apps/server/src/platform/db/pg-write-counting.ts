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
    let transaction: [string, number | null][] | null = null;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0] as QueryText);
      if (text === null) return query(...args);
      if (BEGIN.test(text)) transaction = [];
      const counted = (result?: unknown) => {
        if (END.test(text)) {
          for (const [statement, affected] of transaction ?? []) changes.statement(statement, affected);
          transaction = null;
          return;
        }
        // A failed statement has no row count: counted as a possible write.
        const affected = (result as { rowCount?: number | null } | undefined)?.rowCount ?? null;
        changes.statement(text, affected);
        transaction?.push([text, affected]);
      };
      // pool.query hands the client a callback; drizzle's transactions await a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          counted(error ? undefined : result);
          return callback(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (answer) => {
          counted(answer);
          return answer;
        },
        (error) => {
          counted();
          throw error;
        },
      );
    };
  });
}
