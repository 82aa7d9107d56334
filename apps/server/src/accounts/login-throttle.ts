import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { loginThrottles } from './tables.js';

/** After this many wrong passwords in a row the key is locked. */
export const MAX_LOGIN_FAILURES = 5;
const BASE_LOCK_MS = 15 * 60 * 1000;
const MAX_LOCK_MS = 24 * 3600 * 1000;

/** 15 minutes for the first lock, doubling with each further lock, at most a day. */
export function lockDuration(previousLocks: number): number {
  return Math.min(BASE_LOCK_MS * 2 ** previousLocks, MAX_LOCK_MS);
}

export function lockedMessage(until: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `登录失败次数过多，账户已临时锁定，请${minutes}分钟后再试，或使用验证码登录`;
}

export async function assertNotLocked(db: Db, key: string): Promise<void> {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  const now = new Date();
  if (row?.lockedUntil && row.lockedUntil > now) {
    throw new AppError('RATE_LIMITED', lockedMessage(row.lockedUntil, now), {
      retryAfter: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000),
    });
  }
}

/** Counts a failure; the fifth in a row locks the key. Answers the lock's end when it locked. */
export async function recordLoginFailure(db: Db, key: string): Promise<Date | null> {
  const now = new Date();
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({ target: loginThrottles.key, set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: now } })
    .returning();
  if (!row || row.failures < MAX_LOGIN_FAILURES) return null;
  const lockedUntil = new Date(now.getTime() + lockDuration(row.lockCount));
  await db
    .update(loginThrottles)
    .set({ failures: 0, lockCount: row.lockCount + 1, lockedUntil, updatedAt: now })
    .where(eq(loginThrottles.key, key));
  return lockedUntil;
}

export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
