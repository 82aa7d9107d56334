import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

/** Any constant will do; it names "schema migration" among the advisory locks. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the SQL migrations in apps/server/drizzle that this database has not seen yet. On
 * PostgreSQL several processes may start at once: a session-level advisory lock, held on one
 * transaction's connection for the whole run, lets one of them migrate while the others wait.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await migratePg(tx as unknown as NodePgDatabase, config);
  });
}
