import { PGlite, types } from '@electric-sql/pglite';
import type { TableChanges } from './table-changes.js';

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own. NOTE: shared_buffers is
 * 128 MB by default, and PGlite's WebAssembly memory touches all of it at start (~120 MB of RSS).
 * 32 MB holds this application's working set: with 50 tasks at once (bench/generation.ts) CPU and
 * latency were the same as with 128 MB and RSS ~100 MB lower. Pages beyond it are read back from
 * the data directory's files, which the OS caches.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Opens (or creates) the embedded database in `dir`; the bench opens it this way too. */
export function createPglite(dir: string): Promise<PGlite> {
  return PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
}

/** What drizzle's PGlite driver asks for with every query: dates, times and their arrays as text. */
const AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

type Query = PGlite['query'];
type Options = Parameters<Query>[2];

/**
 * Prepares a client for drizzle. NOTE: drizzle passes its parsers (AS_TEXT) with every query, and
 * PGlite then copies its whole table of type parsers (~335 entries) to apply them: ~0.1 ms a
 * statement, as long as running a small one, and garbage. The same parsers go into the client's
 * table once instead, and the queries go without, so the results are the same. Other users of this
 * client get those types as text too.
 *
 * With `changes`, every statement that may write is counted once it has run, and a transaction's
 * writes once more when it has ended (committed or not), so a read that ran meanwhile is not kept.
 */
export function forDrizzle(client: PGlite, changes?: TableChanges): PGlite {
  const asText = (value: string) => value;
  for (const oid of AS_TEXT) client.parsers[oid] = asText;
  type Written = [sql: string, affected: number | undefined];
  const counted = (query: Query, written?: Written[]): Query =>
    (async (sql: string, params?: unknown[], options?: Options) => {
      let affected: number | undefined;
      try {
        const { parsers: _dropped, ...rest } = options ?? {};
        const result = await query(sql, params, options?.parsers ? rest : options);
        affected = result.affectedRows;
        return result;
      } finally {
        changes?.statement(sql, affected);
        written?.push([sql, affected]);
      }
    }) as Query;
  client.query = counted(client.query.bind(client));
  const exec = client.exec.bind(client);
  client.exec = async (...args) => {
    try {
      return await exec(...args);
    } finally {
      changes?.wrote(null);
    }
  };
  const transaction = client.transaction.bind(client);
  client.transaction = async (work) => {
    const statements: Written[] = [];
    try {
      return await transaction((tx) => {
        tx.query = counted(tx.query.bind(tx), statements);
        return work(tx);
      });
    } finally {
      for (const [sql, affected] of statements) changes?.statement(sql, affected);
    }
  };
  return client;
}
