import { randomUUID } from 'node:crypto';
import { COIN_DELTA_MAX } from '@tianma/shared';
import { eq, or, sql } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { Db } from '../platform/db/index.js';
import { applyLedgerEntry } from './ledger.js';

/**
 * An operator's correction: the only way to change a balance besides the product's own flows,
 * and it too is a ledger entry. `user` is a deepspaceId or a username.
 */
export async function adjustBalance(db: Db, input: { user: string; delta: number; reason: string }) {
  if (!Number.isSafeInteger(input.delta) || input.delta === 0 || Math.abs(input.delta) > COIN_DELTA_MAX) {
    throw new Error(`--delta must be a non-zero integer of at most ${COIN_DELTA_MAX} either way`);
  }
  if (!input.reason.trim()) throw new Error('--reason is required');
  const asNumber = /^\d+$/.test(input.user) ? Number(input.user) : -1;
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.deepspaceId, asNumber), sql`lower(${users.username}) = ${input.user.toLowerCase()}`))
    .limit(1);
  if (!user) throw new Error(`no user ${input.user}`);
  const result = await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId: user.id,
      delta: input.delta,
      kind: 'adjustment',
      idemKey: `adjust:${randomUUID()}`,
      reason: input.reason.trim(),
    }),
  );
  if (!result.applied) throw new Error(`the balance of ${user.username} (${user.coinBalance}) cannot go below zero`);
  return { username: user.username, deepspaceId: user.deepspaceId, before: user.coinBalance, after: result.balanceAfter };
}
