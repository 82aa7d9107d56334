import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { findUserByEmail, findUserByIdentifier, findUserByPhone } from './find-user.js';
import { assertNotLocked, clearLoginFailures, lockedMessage, recordLoginFailure } from './login-throttle.js';
import { verifyAgainstNothing, verifyPassword } from './password-hashing.js';
import type { UserRow } from './tables.js';
import type { CodeStore } from './verification/code-store.js';

export const WRONG_CREDENTIALS = '用户名或密码错误';
export const ACCOUNT_LOCKED = '该账号已被锁定，如有疑问请联系客服';

/** An account an operator locked signs in no way (issue 21); said only once the credentials are proven. */
function assertUsable(user: UserRow): void {
  if (user.lockedAt) throw new AppError('FORBIDDEN', ACCOUNT_LOCKED);
}

/**
 * Password sign-in. An unknown name and a wrong password get the same message, the same
 * argon2 work and the same lock after five failures.
 */
export async function signInWithPassword(db: Db, identifier: string, password: string): Promise<UserRow> {
  const user = await findUserByIdentifier(db, identifier);
  const throttleKey = user ? `user:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
  await assertNotLocked(db, throttleKey);
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
  if (!ok || !user) {
    const lockedUntil = await recordLoginFailure(db, throttleKey);
    if (lockedUntil) {
      throw new AppError('RATE_LIMITED', lockedMessage(lockedUntil), { retryAfter: Math.ceil((lockedUntil.getTime() - Date.now()) / 1000) });
    }
    throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
  }
  await clearLoginFailures(db, throttleKey);
  assertUsable(user);
  return user;
}

/** Code sign-in: the code proves control of the phone or mailbox; then the account must exist. */
export async function signInWithCode(
  deps: { db: Db; codes: CodeStore },
  input: { channel: 'sms' | 'email'; target: string; code: string },
): Promise<UserRow> {
  await deps.codes.consume({ target: input.target, purpose: 'LOGIN', code: input.code });
  const user = input.channel === 'sms' ? await findUserByPhone(deps.db, input.target) : await findUserByEmail(deps.db, input.target);
  if (!user) throw new AppError('NOT_FOUND', input.channel === 'sms' ? '该手机号尚未注册，请先注册' : '该邮箱尚未注册，请先注册');
  assertUsable(user);
  return user;
}
