import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../../src/platform/db/index.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/migrate.js';
import { adminQuery, withDatabase } from '../global-setup.js';

/**
 * The money columns became 64-bit in 0007_money_bigint (issue 15): a database migrated up to
 * 0006 with money in it keeps every figure through the upgrade, and takes a balance past 2^31
 * afterwards. Runs on the database the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const BEFORE = '0006_wechat_tokens';

/** A copy of the migrations folder whose journal stops at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of the suite's kind, migrated with the migrations folder `dir`. */
async function emptyDatabase(dir: string): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `tianma_money_${randomBytes(4).toString('hex')}`;
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

describe('0007_money_bigint', () => {
  it('keeps the money of a database migrated to 0006, and lets a balance pass 2^31 after it', { timeout: 60_000 }, async () => {
    const dir = migrationsUpTo(BEFORE);
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = await emptyDatabase(dir);
    const db = database.db;
    const int32Max = 2 ** 31 - 1;
    await db.execute(sql`INSERT INTO users (id, deepspace_id, username, password_hash, coin_balance) VALUES (1, 900000001, 'money', 'x', ${int32Max})`);
    await db.execute(sql`INSERT INTO coin_ledger (user_id, delta, balance_after, kind, idem_key) VALUES (1, ${int32Max}, ${int32Max}, 'adjustment', 'seed')`);
    await db.execute(sql`
      INSERT INTO payment_orders (out_trade_no, user_id, pay_type, amount_fen, coins, description, provider, expires_at)
      VALUES ('TM1', 1, 0, 2000, 1100, 'x', 'sandbox', now())`);
    await expect(db.execute(sql`UPDATE users SET coin_balance = coin_balance + 1 WHERE id = 1`)).rejects.toThrow();

    await migrateDatabase(database);

    const [after] = await queryRows<{ balance: unknown; sum: unknown; amount: unknown }>(
      db,
      sql`SELECT (SELECT coin_balance FROM users WHERE id = 1) AS balance, (SELECT sum(delta) FROM coin_ledger) AS sum,
                 (SELECT amount_fen FROM payment_orders) AS amount`,
    );
    expect([Number(after!.balance), Number(after!.sum), Number(after!.amount)]).toEqual([int32Max, int32Max, 2000]);
    const [raised] = await queryRows<{ balance: unknown }>(db, sql`UPDATE users SET coin_balance = coin_balance + 1 WHERE id = 1 RETURNING coin_balance AS balance`);
    expect(Number(raised!.balance)).toBe(2 ** 31);
  });
});
