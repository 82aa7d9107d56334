import { loadConfig } from '../../config/env.js';
import { type Database, migrateDatabase, openDatabase } from '../../platform/db/index.js';

/** The database the server would use, for operator commands (stop the server first on PGlite). */
export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await migrateDatabase(database);
  return database;
}
