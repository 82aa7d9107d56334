import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

/** Applies the SQL migrations in apps/server/drizzle that this database has not seen yet. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, config);
  else await migratePglite(database.db as unknown as PgliteDatabase, config);
}
