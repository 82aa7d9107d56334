import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ChangeListener } from './change-listener.js';
import { acquireDirLock } from './dir-lock.js';
import { countPoolWrites } from './pg-write-counting.js';
import { ReadCache } from './read-cache.js';
import { TableChanges } from './table-changes.js';

/**
 * The query interface both drivers share; domain code only ever sees this. Queries name each
 * domain's tables (`<domain>/tables.ts`), so the client needs no schema of its own.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction handle; use cases that must join a caller's transaction take `DbOrTx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Hot reads kept until their tables are written (decision 070): always on the embedded database,
   * where this process sees every write; on PostgreSQL when opened with `readCache` (api
   * processes), hearing the other processes' writes from the database.
   */
  reads?: ReadCache;
  /** On PostgreSQL with `readCache`: resolves once the change listener is subscribed. */
  readsReady?(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; `memory://` for an in-memory database. */
  dataDir: string;
  /** An existing PGlite instance (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** Called when an idle PostgreSQL connection fails (default: a line on stderr). */
  onIdleError?: (error: Error) => void;
  /**
   * PostgreSQL: keep the hot reads in memory (decision 070), with a connection of its own that
   * listens for the other processes' writes. For processes that serve requests; a worker or a
   * script has no use for it.
   */
  readCache?: boolean;
}

const defaultIdleError = (error: Error) => process.stderr.write(`PostgreSQL idle connection error: ${error.message}\n`);

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client can fail (the server restarts, an admin ends the session); without a
    // listener that error would crash the process. The pool replaces the client by itself.
    const onError = options.onIdleError ?? defaultIdleError;
    pool.on('error', (error) => onError(error));
    const changes = options.readCache ? new TableChanges({ heard: false }) : null;
    if (changes) countPoolWrites(pool, changes);
    // Fail at boot, not at the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool) as unknown as Db;
    if (!changes) return { db, kind: 'postgres', close: () => pool.end() };
    const listener = new ChangeListener(options.databaseUrl, changes, onError);
    return {
      db,
      kind: 'postgres',
      reads: new ReadCache(changes),
      readsReady: (timeoutMs) => listener.ready(timeoutMs),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  // The embedded database's code (PGlite's WebAssembly, its drizzle driver) loads only where it is used.
  const [{ drizzle: drizzlePglite }, { createPglite, forDrizzle }] = await Promise.all([import('drizzle-orm/pglite'), import('./pglite-client.js')]);
  const changes = new TableChanges();
  if (options.pglite) {
    const client = options.pglite;
    return { db: drizzlePglite(forDrizzle(client, changes)) as unknown as Db, kind: 'pglite', reads: new ReadCache(changes), close: () => client.close() };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = acquireDirLock(dir);
  try {
    const client = await createPglite(dir);
    return {
      db: drizzlePglite(forDrizzle(client, changes)) as unknown as Db,
      kind: 'pglite',
      reads: new ReadCache(changes),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Runs raw SQL and returns its rows; both drivers put them under `.rows`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
