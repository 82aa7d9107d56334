import { COIN_DELTA_MAX } from '@tianma/shared';
import { eq, sql } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { DbOrTx } from '../platform/db/index.js';
import { coinLedger, type LedgerKind } from './tables.js';

export interface LedgerEntryInput {
  userId: number;
  delta: number;
  kind: LedgerKind;
  idemKey: string;
  ref?: string;
  reason?: string;
}

export type LedgerResult = { applied: true; balanceAfter: number } | { applied: false; reason: 'duplicate' | 'insufficient' };

/**
 * Changes a balance and appends its ledger row, inside the caller's transaction. The user's row
 * is locked first so balance_after is exact; a repeated idempotency key changes nothing (a retried
 * credit counts once); a debit that would go below zero changes nothing.
 */
export async function applyLedgerEntry(tx: DbOrTx, entry: LedgerEntryInput): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0 || Math.abs(entry.delta) > COIN_DELTA_MAX) {
    throw new Error(`ledger delta must be a non-zero integer of at most ${COIN_DELTA_MAX} coins: ${entry.delta}`);
  }
  // NO KEY UPDATE: it serialises balance changes but does not conflict with the KEY SHARE locks
  // that inserts referencing the user take (a plain FOR UPDATE deadlocks against them).
  const [current] = await tx.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, entry.userId)).for('no key update');
  if (!current) throw new Error(`no user ${entry.userId}`);
  const balanceAfter = current.coinBalance + entry.delta;
  if (balanceAfter < 0) return { applied: false, reason: 'insufficient' };

  const [inserted] = await tx
    .insert(coinLedger)
    .values({ userId: entry.userId, delta: entry.delta, balanceAfter, kind: entry.kind, idemKey: entry.idemKey, ref: entry.ref, reason: entry.reason })
    .onConflictDoNothing({ target: coinLedger.idemKey })
    .returning({ id: coinLedger.id });
  if (!inserted) return { applied: false, reason: 'duplicate' };

  // Guarded as well: the CHECK and this condition both keep the balance from going negative.
  const [updated] = await tx
    .update(users)
    .set({ coinBalance: sql`${users.coinBalance} + ${entry.delta}`, updatedAt: new Date() })
    .where(sql`${users.id} = ${entry.userId} and ${users.coinBalance} + ${entry.delta} >= 0`)
    .returning({ coinBalance: users.coinBalance });
  if (!updated || updated.coinBalance !== balanceAfter) throw new Error('ledger and balance disagree; transaction aborted');
  return { applied: true, balanceAfter };
}
