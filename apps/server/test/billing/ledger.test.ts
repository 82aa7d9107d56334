import { COIN_DELTA_MAX } from '@tianma/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustBalance } from '../../src/billing/adjust-balance.js';
import { holdCoins, releaseHold, releaseStaleHolds, settleHold } from '../../src/billing/coin-holds.js';
import { applyLedgerEntry } from '../../src/billing/ledger.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinHolds, coinLedger } from '../../src/billing/tables.js';
import { presentUser } from '../../src/accounts/user-presenter.js';
import { type Database, queryRows } from '../../src/platform/db/index.js';
import { users } from '../../src/accounts/tables.js';
import { createTestDatabase } from '../helpers/database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let next = 0;
async function newUser(balance: number): Promise<number> {
  next += 1;
  const [user] = await database.db
    .insert(users)
    .values({ deepspaceId: 500_000_000 + next, username: `ledger_${next}`, passwordHash: 'x' })
    .returning({ id: users.id });
  if (balance > 0) {
    await database.db.transaction((tx) => applyLedgerEntry(tx, { userId: user!.id, delta: balance, kind: 'adjustment', idemKey: `seed:${user!.id}` }));
  }
  return user!.id;
}
const balanceOf = async (userId: number) => (await database.db.select().from(users).where(eq(users.id, userId)))[0]!.coinBalance;

describe('ledger entries', () => {
  it('count a repeated idempotency key once', async () => {
    const userId = await newUser(0);
    const entry = { userId, delta: 100, kind: 'purchase' as const, idemKey: `pay:${userId}` };
    expect(await database.db.transaction((tx) => applyLedgerEntry(tx, entry))).toEqual({ applied: true, balanceAfter: 100 });
    expect(await database.db.transaction((tx) => applyLedgerEntry(tx, entry))).toEqual({ applied: false, reason: 'duplicate' });
    expect(await balanceOf(userId)).toBe(100);
  });

  it('never take a balance below zero', async () => {
    const userId = await newUser(50);
    const result = await database.db.transaction((tx) => applyLedgerEntry(tx, { userId, delta: -51, kind: 'hold', idemKey: `neg:${userId}` }));
    expect(result).toEqual({ applied: false, reason: 'insufficient' });
    expect(await balanceOf(userId)).toBe(50);
    await expect(database.db.update(users).set({ coinBalance: -1 }).where(eq(users.id, userId))).rejects.toThrow();
  });

  it('refuse non-integer amounts', async () => {
    const userId = await newUser(0);
    await expect(database.db.transaction((tx) => applyLedgerEntry(tx, { userId, delta: 1.5, kind: 'purchase', idemKey: 'frac' }))).rejects.toThrow();
  });
});

describe('coin holds', () => {
  it('take coins at once, give back the unspent part on settle', async () => {
    const userId = await newUser(300);
    expect(await holdCoins(database.db, { userId, amount: 67, ref: `task-a-${userId}`, ttlMs: 60_000 })).toEqual({ ok: true, balanceAfter: 233 });
    expect(await settleHold(database.db, `task-a-${userId}`, 60)).toBe(true);
    expect(await balanceOf(userId)).toBe(240);
    expect(await settleHold(database.db, `task-a-${userId}`, 0)).toBe(false);
    expect(await releaseHold(database.db, `task-a-${userId}`)).toBe(false);
    expect(await balanceOf(userId)).toBe(240);
  });

  it('give everything back on release, once', async () => {
    const userId = await newUser(100);
    await holdCoins(database.db, { userId, amount: 67, ref: `task-b-${userId}`, ttlMs: 60_000 });
    expect(await releaseHold(database.db, `task-b-${userId}`)).toBe(true);
    expect(await releaseHold(database.db, `task-b-${userId}`)).toBe(false);
    expect(await balanceOf(userId)).toBe(100);
  });

  it('are idempotent per task and refuse what the balance cannot cover', async () => {
    const userId = await newUser(100);
    await holdCoins(database.db, { userId, amount: 67, ref: `task-c-${userId}`, ttlMs: 60_000 });
    expect(await holdCoins(database.db, { userId, amount: 67, ref: `task-c-${userId}`, ttlMs: 60_000 })).toEqual({ ok: false, reason: 'duplicate' });
    expect(await holdCoins(database.db, { userId, amount: 67, ref: `task-d-${userId}`, ttlMs: 60_000 })).toEqual({ ok: false, reason: 'insufficient' });
    expect(await balanceOf(userId)).toBe(33);
    expect(await database.db.select().from(coinHolds).where(eq(coinHolds.ref, `task-d-${userId}`))).toHaveLength(0);
  });

  it('let exactly as many of 50 concurrent holds succeed as the balance covers', async () => {
    const userId = await newUser(67 * 3 + 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => holdCoins(database.db, { userId, amount: 67, ref: `race-${userId}-${i}`, ttlMs: 60_000 })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    expect(await balanceOf(userId)).toBe(10);
    expect(await findBalanceMismatches(database.db)).toEqual([]);
  });

  it('are released by the sweeper when stale', async () => {
    const userId = await newUser(100);
    await holdCoins(database.db, { userId, amount: 67, ref: `stale-${userId}`, ttlMs: 60_000 });
    await database.db.update(coinHolds).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(coinHolds.ref, `stale-${userId}`));
    expect(await releaseStaleHolds(database.db)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(userId)).toBe(100);
  });
});

describe('reconcile and adjust', () => {
  it('finds a balance changed outside the ledger, and an adjustment is a ledger entry', async () => {
    const userId = await newUser(100);
    expect(await findBalanceMismatches(database.db)).toEqual([]);
    await database.db.update(users).set({ coinBalance: 150 }).where(eq(users.id, userId));
    expect(await findBalanceMismatches(database.db)).toEqual([expect.objectContaining({ userId, balance: 150, ledgerSum: 100 })]);
    await database.db.update(users).set({ coinBalance: 100 }).where(eq(users.id, userId));

    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    const adjusted = await adjustBalance(database.db, { user: String(user!.deepspaceId), delta: 25, reason: '补偿' });
    expect(adjusted).toMatchObject({ before: 100, after: 125 });
    const entries = await database.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
    expect(entries.at(-1)).toMatchObject({ kind: 'adjustment', delta: 25, balanceAfter: 125, reason: '补偿' });
    await expect(adjustBalance(database.db, { user: user!.username, delta: -1000, reason: 'x' })).rejects.toThrow(/below zero/);
    expect(await findBalanceMismatches(database.db)).toEqual([]);
  });
});

describe('64-bit money (issue 15)', () => {
  const MONEY_COLUMNS = [
    'users.coin_balance',
    'coin_ledger.delta',
    'coin_ledger.balance_after',
    'coin_holds.amount',
    'coin_holds.settled_amount',
    'payment_orders.amount_fen',
    'payment_orders.coins',
    'generation_tasks.hold_coins',
  ];

  it('stores every amount and coin column as bigint', async () => {
    const rows = await queryRows<{ name: string; data_type: string }>(
      database.db,
      sql`SELECT table_name || '.' || column_name AS name, data_type FROM information_schema.columns
          WHERE table_schema = current_schema() AND (table_name || '.' || column_name) IN (${sql.join(
            MONEY_COLUMNS.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.data_type]))).toEqual(Object.fromEntries(MONEY_COLUMNS.map((name) => [name, 'bigint'])));
  });

  it('keeps a balance past 2^31 exact, reads it back as a number, and reconciles it', async () => {
    const userId = await newUser(0);
    const credits = Math.ceil(2 ** 31 / COIN_DELTA_MAX);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < credits; i += 1) {
        await applyLedgerEntry(tx, { userId, delta: COIN_DELTA_MAX, kind: 'adjustment', idemKey: `big:${userId}:${i}` });
      }
    });
    const expected = credits * COIN_DELTA_MAX;
    expect(expected).toBeGreaterThan(2 ** 31);
    const balance = await balanceOf(userId);
    expect(balance).toBe(expected);
    expect(typeof balance).toBe('number');
    const [last] = await database.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(sql`${coinLedger.id} desc`).limit(1);
    expect(last).toMatchObject({ delta: COIN_DELTA_MAX, balanceAfter: expected });
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(presentUser(row!).userAuth.coinBalance).toBe(expected);

    // A hold and its settlement on that balance.
    expect(await holdCoins(database.db, { userId, amount: 67, ref: `big-hold-${userId}`, ttlMs: 60_000 })).toEqual({ ok: true, balanceAfter: expected - 67 });
    expect(await settleHold(database.db, `big-hold-${userId}`, 60)).toBe(true);
    expect(await balanceOf(userId)).toBe(expected - 60);
    expect(await findBalanceMismatches(database.db)).toEqual([]);

    // The ledger sum (numeric in PostgreSQL) and the balance come back as numbers in a mismatch.
    await database.db.update(users).set({ coinBalance: expected + 1 }).where(eq(users.id, userId));
    expect(await findBalanceMismatches(database.db)).toEqual([
      expect.objectContaining({ userId, balance: expected + 1, ledgerSum: expected - 60, lastBalanceAfter: expected - 60 }),
    ]);
    await database.db.update(users).set({ coinBalance: expected - 60 }).where(eq(users.id, userId));
  });

  it('refuses a single entry or adjustment above the bound of packages/shared', async () => {
    const userId = await newUser(0);
    await expect(
      database.db.transaction((tx) => applyLedgerEntry(tx, { userId, delta: COIN_DELTA_MAX + 1, kind: 'adjustment', idemKey: `over:${userId}` })),
    ).rejects.toThrow();
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    await expect(adjustBalance(database.db, { user: user!.username, delta: COIN_DELTA_MAX + 1, reason: 'x' })).rejects.toThrow(/delta/);
    expect(await balanceOf(userId)).toBe(0);
  });
});
