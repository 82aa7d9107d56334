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
 * 0008_open_order_reuse (decision 054): a database with the duplicate pending orders that reloads
 * of /pay used to make keeps the newest of each user, kind and amount open and closes the rest,
 * then refuses a second open one. Runs on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const BEFORE = '0007_money_bigint';

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

async function emptyDatabase(dir: string): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `tianma_orders_${randomBytes(4).toString('hex')}`;
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

describe('0008_open_order_reuse', () => {
  it('closes older duplicate pending orders and then allows one open order per user, kind and amount', { timeout: 60_000 }, async () => {
    const dir = migrationsUpTo(BEFORE);
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = await emptyDatabase(dir);
    const db = database.db;
    await db.execute(sql`INSERT INTO users (id, deepspace_id, username, password_hash) VALUES (1, 900000001, 'reloader', 'x')`);
    const order = (no: string, amount: number, payType: number, status: string) =>
      db.execute(sql`
        INSERT INTO payment_orders (out_trade_no, user_id, pay_type, amount_fen, coins, description, provider, status, expires_at)
        VALUES (${no}, 1, ${payType}, ${amount}, 1100, 'x', 'sandbox', ${status}, now())`);
    await order('TM1', 2000, 0, 'pending');
    await order('TM2', 2000, 0, 'pending');
    await order('TM3', 2000, 0, 'pending');
    await order('TM4', 3000, 0, 'pending');
    await order('TM5', 2000, 0, 'paid');
    await order('TM6', 5900, 1, 'pending');

    await migrateDatabase(database);

    const rows = await queryRows<{ out_trade_no: string; status: string }>(db, sql`SELECT out_trade_no, status FROM payment_orders ORDER BY out_trade_no`);
    expect(rows.map((row) => [row.out_trade_no, row.status])).toEqual([
      ['TM1', 'closed'],
      ['TM2', 'closed'],
      ['TM3', 'pending'],
      ['TM4', 'pending'],
      ['TM5', 'paid'],
      ['TM6', 'pending'],
    ]);
    await expect(order('TM7', 2000, 0, 'pending')).rejects.toThrow();
    await order('TM8', 2000, 0, 'closed');
  });
});
