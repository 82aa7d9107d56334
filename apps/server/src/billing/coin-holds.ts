import { and, eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { applyLedgerEntry } from './ledger.js';
import { coinHolds } from './tables.js';

export type HoldResult = { ok: true; balanceAfter: number } | { ok: false; reason: 'insufficient' | 'duplicate' };

/**
 * Reserves coins for work that costs coins (an article). The coins leave the balance at once,
 * so two tasks can never spend the same coins; `ref` (the task id) makes the hold idempotent.
 * Runs inside the caller's transaction, so the hold and the work it pays for are created together.
 */
export async function holdCoinsInTx(tx: DbOrTx, input: { userId: number; amount: number; ref: string; ttlMs: number }): Promise<HoldResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`hold amount must be a positive integer: ${input.amount}`);
  const [hold] = await tx
    .insert(coinHolds)
    .values({ userId: input.userId, ref: input.ref, amount: input.amount, expiresAt: new Date(Date.now() + input.ttlMs) })
    .onConflictDoNothing({ target: coinHolds.ref })
    .returning({ id: coinHolds.id });
  if (!hold) return { ok: false, reason: 'duplicate' };
  const entry = await applyLedgerEntry(tx, {
    userId: input.userId,
    delta: -input.amount,
    kind: 'hold',
    idemKey: `hold:${input.ref}`,
    ref: input.ref,
    reason: '创作预扣',
  });
  if (!entry.applied) {
    await tx.delete(coinHolds).where(eq(coinHolds.id, hold.id));
    return { ok: false, reason: 'insufficient' };
  }
  return { ok: true, balanceAfter: entry.balanceAfter };
}

/** holdCoinsInTx in a transaction of its own. */
export function holdCoins(db: Db, input: { userId: number; amount: number; ref: string; ttlMs: number }): Promise<HoldResult> {
  return db.transaction((tx) => holdCoinsInTx(tx, input));
}

/**
 * Ends a hold at the real cost, inside the caller's transaction: the part of the hold not spent
 * comes back. Settling or releasing a hold that is no longer held changes nothing (answers false).
 */
export async function settleHoldInTx(tx: DbOrTx, ref: string, cost: number): Promise<boolean> {
  if (!Number.isSafeInteger(cost) || cost < 0) throw new Error(`cost must be a non-negative integer: ${cost}`);
  const [hold] = await tx.select().from(coinHolds).where(eq(coinHolds.ref, ref)).for('update');
  if (hold?.status !== 'held') return false;
  const spent = Math.min(cost, hold.amount);
  await tx.update(coinHolds).set({ status: 'settled', settledAmount: spent, updatedAt: new Date() }).where(eq(coinHolds.id, hold.id));
  if (spent < hold.amount) {
    await applyLedgerEntry(tx, { userId: hold.userId, delta: hold.amount - spent, kind: 'release', idemKey: `settle:${ref}`, ref, reason: '创作结算退回' });
  }
  return true;
}

/** Gives the whole hold back (the work failed or was abandoned), inside the caller's transaction. */
export async function releaseHoldInTx(tx: DbOrTx, ref: string, reason = '创作失败退回'): Promise<boolean> {
  const [hold] = await tx.select().from(coinHolds).where(eq(coinHolds.ref, ref)).for('update');
  if (hold?.status !== 'held') return false;
  await tx.update(coinHolds).set({ status: 'released', updatedAt: new Date() }).where(eq(coinHolds.id, hold.id));
  await applyLedgerEntry(tx, { userId: hold.userId, delta: hold.amount, kind: 'release', idemKey: `release:${ref}`, ref, reason });
  return true;
}

export function settleHold(db: Db, ref: string, cost: number): Promise<boolean> {
  return db.transaction((tx) => settleHoldInTx(tx, ref, cost));
}

export function releaseHold(db: Db, ref: string, reason?: string): Promise<boolean> {
  return db.transaction((tx) => releaseHoldInTx(tx, ref, reason));
}

/** The sweeper's part: holds past their expiry are released. Answers how many. */
export async function releaseStaleHolds(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ ref: coinHolds.ref })
    .from(coinHolds)
    .where(and(eq(coinHolds.status, 'held'), lt(coinHolds.expiresAt, now)))
    .limit(500);
  let released = 0;
  for (const { ref } of stale) if (await releaseHold(db, ref, '预扣超时退回')) released += 1;
  return released;
}
