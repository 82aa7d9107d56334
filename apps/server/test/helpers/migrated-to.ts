import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/index.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/migrate.js';
import { adminQuery, withDatabase } from '../global-setup.js';

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 1) throw new Error(`no migration ${lastTag} after the first`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * An empty database of the suite's kind (PGlite, or PostgreSQL with TEST_DATABASE_URL) migrated
 * up to `lastTag` only, for a test of the migrations after it; `cleanups` gets what undoes it.
 */
export async function databaseMigratedTo(lastTag: string, cleanups: (() => Promise<void>)[]): Promise<Database> {
  const dir = migrationsUpTo(lastTag);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `tianma_migration_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(postgres.adminUrl, name), dataDir: '', poolSize: 2, onIdleError: () => {} });
    cleanups.push(async () => {
      await database.close();
      await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
    await database.db.transaction((tx) => migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: dir }));
    return database;
  }
  const database = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
  cleanups.push(() => database.close());
  await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: dir });
  return database;
}
