import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { badRequest } from '../platform/errors.js';
import type { AuthContext } from './auth.js';
import { findUserByPhone } from './find-user.js';
import { clearLoginFailures } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { assertPasswordLength } from './password-policy.js';
import { revokeUserSessions, type SessionCaching } from './sessions.js';
import { users } from './tables.js';
import type { CodeStore } from './verification/code-store.js';

/**
 * Change with the current password; every other session of the user is signed out. Only the
 * minimum length is a hard rule here: the strength is advice (spec accounts §5).
 */
export async function changePassword(
  db: Db,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
  caching?: SessionCaching,
): Promise<void> {
  if (input.newPassword !== input.confirmPassword) throw badRequest('新密码和确认密码不匹配');
  assertPasswordLength(input.newPassword);
  if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) throw badRequest('当前密码错误');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
    await revokeUserSessions(tx, auth.user.id, auth.session.id);
  });
  // After the commit: a process that read a session before it re-reads the database.
  await caching?.invalidations.publish({ kind: 'user', userId: auth.user.id, keepSessionId: auth.session.id });
}

/**
 * Sends a reset code by SMS, and only to a phone that has an account: each SMS costs money, and a
 * code for a stranger's phone is spam. A phone without one gets the same answer, the same send
 * limits (its code is recorded and counted, never sent) and the same time to answer: a real code
 * goes out after the answer.
 */
export async function sendResetCode(deps: { db: Db; codes: CodeStore }, input: { phone: string; ip: string }) {
  const account = await findUserByPhone(deps.db, input.phone);
  return deps.codes.issue({ channel: 'sms', target: input.phone, purpose: 'RESET', ip: input.ip, delivery: account ? 'background' : 'none' });
}

/**
 * Reset by SMS code; every session of the user is signed out and any sign-in lock lifted. The
 * length is checked before the code is spent; the strength is advice.
 */
export async function resetPassword(deps: { db: Db; codes: CodeStore; caching?: SessionCaching }, input: { phone: string; code: string; newPassword: string }): Promise<void> {
  const { db, codes } = deps;
  assertPasswordLength(input.newPassword);
  await codes.consume({ target: input.phone, purpose: 'RESET', code: input.code });
  const user = await findUserByPhone(db, input.phone);
  if (!user) throw badRequest('该手机号尚未注册');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
  });
  await deps.caching?.invalidations.publish({ kind: 'user', userId: user.id });
  await clearLoginFailures(db, `user:${user.id}`);
}
