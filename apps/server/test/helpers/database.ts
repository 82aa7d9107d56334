import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/index.js';
import { adminQuery, withDatabase } from '../global-setup.js';

/** A fresh, migrated and seeded database for one test file; `close()` disposes of it. */
export async function createTestDatabase(): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.templateName}_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${postgres.templateName}"`);
    const database = await openDatabase({
      databaseUrl: withDatabase(postgres.adminUrl, name),
      dataDir: '',
      poolSize: 4,
      // DROP DATABASE … WITH (FORCE) at the end ends the pool's sessions; that is expected.
      onIdleError: (error) => {
        if ((error as { code?: string }).code !== '57P01') throw error;
      },
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplatePath'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openDatabase({ dataDir: '', pglite: client });
}
