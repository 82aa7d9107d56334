export { openDatabase, queryRows, type Database, type Db, type DbOrTx, type Tx } from './client.js';
export { migrateDatabase } from './migrate.js';
