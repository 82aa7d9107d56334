import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows } from '../../src/platform/db/index.js';
import { databaseMigratedTo } from '../helpers/migrated-to.js';

/**
 * The money columns became 64-bit in 0007_money_bigint (issue 15): a database migrated up to
 * 0006 with money in it keeps every figure through the upgrade, and takes a balance past 2^31
 * afterwards. Runs on the database the suite runs on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const BEFORE = '0006_wechat_tokens';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('0007_money_bigint', () => {
  it('keeps the money of a database migrated to 0006, and lets a balance pass 2^31 after it', { timeout: 60_000 }, async () => {
    const database = await databaseMigratedTo(BEFORE, cleanups);
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
