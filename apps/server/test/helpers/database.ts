import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/index.js';
import { adminQuery, withDatabase } from '../global-setup.js';

/** `url`: the PostgreSQL database's address, for a second process; null on PGlite (one process only). */
export type TestDatabase = Database & { url: string | null };

/** A fresh, migrated and seeded database for one test file; `close()` disposes of it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.templateName}_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${postgres.templateName}"`);
    const url = withDatabase(postgres.adminUrl, name);
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: '',
      poolSize: 4,
      readCache: true,
      // DROP DATABASE … WITH (FORCE) at the end ends the pool's sessions; that is expected.
      onIdleError: (error) => {
        if ((error as { code?: string }).code !== '57P01') throw error;
      },
    });
    await database.readsReady?.();
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { ...(await openDatabase({ dataDir: '', pglite: client })), url: null };
}
