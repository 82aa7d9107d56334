import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows } from '../../src/platform/db/index.js';
import { databaseMigratedTo } from '../helpers/migrated-to.js';

/**
 * 0008_open_order_reuse (decision 054): a database with the duplicate pending orders that reloads
 * of /pay used to make keeps the newest of each user, kind and amount open and closes the rest,
 * then refuses a second open one. Runs on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const BEFORE = '0007_money_bigint';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('0008_open_order_reuse', () => {
  it('closes older duplicate pending orders and then allows one open order per user, kind and amount', { timeout: 60_000 }, async () => {
    const database = await databaseMigratedTo(BEFORE, cleanups);
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
