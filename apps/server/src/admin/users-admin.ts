import { randomUUID } from 'node:crypto';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { isProRow } from '../accounts/pro-gate.js';
import { revokeUserSessions, type SessionCaching } from '../accounts/sessions.js';
import { users } from '../accounts/tables.js';
import { applyLedgerEntry } from '../billing/ledger.js';
import type { Db } from '../platform/db/index.js';
import { AppError, badRequest, notFound } from '../platform/errors.js';
import { type AuditEntry, recordAudit } from './audit.js';
import { maskEmail, maskPhone } from './masks.js';
import { likeText } from './request-input.js';

export const USERS_PAGE_SIZE = 20;


/** Users by username, phone or e-mail (a part of any), newest first; contacts masked. */
export async function searchUsers(db: Db, q: string, page: number) {
  const query = q.trim();
  const where: SQL | undefined = query ? or(ilike(users.username, likeText(query)), ilike(users.phone, likeText(query)), ilike(users.email, likeText(query))) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(USERS_PAGE_SIZE).offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      userId: row.id,
      username: row.username,
      phoneMasked: maskPhone(row.phone),
      emailMasked: maskEmail(row.email),
      userType: isProRow(row) ? 'pro' : 'basic',
      coinBalance: row.coinBalance,
      locked: row.lockedAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / USERS_PAGE_SIZE)),
  };
}

type Operator = AuditEntry['operator'];

/**
 * An operator's coin adjustment: a ledger entry (never an in-place edit) and its audit entry in
 * one transaction. `requestId` makes a repeated click count once.
 */
export async function adjustUserCoins(db: Db, operator: Operator, input: { userId: number; delta: number; reason: string; requestId?: string }) {
  const idemKey = `admin-adjust:${input.requestId ?? randomUUID()}`;
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, coinBalance: users.coinBalance }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (!user) throw notFound('未找到该用户');
    const result = await applyLedgerEntry(tx, { userId: user.id, delta: input.delta, kind: 'adjustment', idemKey, reason: input.reason });
    if (!result.applied && result.reason === 'insufficient') throw badRequest(`余额不能为负：该用户当前余额 ${user.coinBalance} 币`);
    if (!result.applied) {
      const [now] = await tx.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, user.id));
      return { coinBalance: now!.coinBalance, repeated: true };
    }
    await recordAudit(tx, {
      operator,
      action: 'user.coins',
      target: `user:${user.id}`,
      before: { coinBalance: user.coinBalance },
      after: { coinBalance: result.balanceAfter, delta: input.delta },
      reason: input.reason,
    });
    return { coinBalance: result.balanceAfter, repeated: false };
  });
}

/** Locks (ending every session) or unlocks an account, with its audit entry. An operator cannot lock themself out. */
export async function setUserLocked(db: Db, caching: SessionCaching | undefined, operator: Operator, input: { userId: number; locked: boolean; reason: string }) {
  if (input.locked && operator.id === input.userId) throw new AppError('CONFLICT', '不能锁定自己的账号');
  const changed = await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, lockedAt: users.lockedAt }).from(users).where(eq(users.id, input.userId)).limit(1).for('update');
    if (!user) throw notFound('未找到该用户');
    if ((user.lockedAt !== null) === input.locked) return false;
    const lockedAt = input.locked ? new Date() : null;
    await tx.update(users).set({ lockedAt, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (input.locked) await revokeUserSessions(tx, user.id);
    await recordAudit(tx, {
      operator,
      action: input.locked ? 'user.lock' : 'user.unlock',
      target: `user:${user.id}`,
      before: { locked: user.lockedAt !== null },
      after: { locked: input.locked },
      reason: input.reason,
    });
    return true;
  });
  if (changed && input.locked) await caching?.invalidations.publish({ kind: 'user', userId: input.userId });
  return changed;
}

/** Signs a user out everywhere, with its audit entry. */
export async function endUserSessions(db: Db, caching: SessionCaching | undefined, operator: Operator, input: { userId: number; reason: string }) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
    if (!user) throw notFound('未找到该用户');
    await revokeUserSessions(tx, user.id);
    await recordAudit(tx, { operator, action: 'user.sessions.end', target: `user:${user.id}`, reason: input.reason });
  });
  await caching?.invalidations.publish({ kind: 'user', userId: input.userId });
}
