export * as schema from './schema.js';
export { openDatabase, type Database, type Db } from './client.js';
export { migrateDatabase } from './migrate.js';
