import { eq, sql } from 'drizzle-orm';
import { verificationCodes } from '../../src/accounts/tables.js';
import type { TestApp } from './app.js';

export const STRONG_PASSWORD = 'Tianma#2025';

// The server suite shares modules between test files (isolate: false), so this counter runs on
// across files: eight digits that wrap rather than grow past a phone number's length.
const start = Date.now() % 1e8;
let counter = 0;
/** A fresh, valid phone number and username for each call. */
export function uniqueIdentity(prefix = 'writer') {
  counter += 1;
  const n = String((start + counter) % 1e8).padStart(8, '0');
  return { username: `${prefix}_${n}`, phoneNumber: `139${n}`, email: `${prefix}${n}@example.cn` };
}

export async function post(t: TestApp, url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

/**
 * The newest code the dev outbox holds for a target. A reset code is sent after the answer
 * (accounts/change-password.ts), so the outbox is read again for a moment until it is there.
 */
export async function latestCode(t: TestApp, target: string, purpose?: 'LOGIN' | 'REGISTER' | 'RESET'): Promise<string> {
  // NOTE: a reset code is delivered after the answer; without `purpose` the target's older code
  // (its registration's) could be taken for it.
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    const entry = (res.json() as { to: string; code: string; purpose: string }[]).find((item) => item.to === target && (!purpose || item.purpose === purpose));
    if (entry) return entry.code;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The session cookie pair (`tm_session=…`) a response set. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : [String(header ?? '')];
  const session = all.find((value) => value.startsWith('tm_session='));
  if (!session) throw new Error('no session cookie set');
  return session.split(';')[0]!;
}

let ipCounter = 0;
/** A fresh client address (apps built with TRUST_PROXY=true read X-Forwarded-For). */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Moves every code of a target back in time, as if `ms` had passed (send limits, expiry). */
export async function ageCodes(t: TestApp, target: string, ms: number): Promise<void> {
  await t.database.db
    .update(verificationCodes)
    .set({
      createdAt: sql`${verificationCodes.createdAt} - ${`${ms} milliseconds`}::interval`,
      expiresAt: sql`${verificationCodes.expiresAt} - ${`${ms} milliseconds`}::interval`,
    })
    .where(eq(verificationCodes.target, target));
}

export async function registerViaHttp(t: TestApp, identity = uniqueIdentity(), password = STRONG_PASSWORD, ip = freshIp()) {
  const send = await post(t, '/api/account/sms/send-code', { phoneNumber: identity.phoneNumber, type: 'REGISTER' }, undefined, {
    'x-forwarded-for': ip,
  });
  if (send.statusCode !== 200) throw new Error(`send-code failed: ${send.body}`);
  const verificationCode = await latestCode(t, identity.phoneNumber);
  const res = await post(t, '/api/account/auth/register', {
    username: identity.username,
    phoneNumber: identity.phoneNumber,
    email: identity.email,
    type: 'REGISTER',
    password,
    verificationCode,
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  // Let the caller send the next code to this phone at once.
  await ageCodes(t, identity.phoneNumber, 61_000);
  return identity;
}

export async function loginViaHttp(t: TestApp, username: string, password = STRONG_PASSWORD, rememberMe = false, ip = freshIp()) {
  // A fresh address (honoured by apps with TRUST_PROXY) keeps files that sign many users in under the per-IP limit.
  const res = await post(t, '/api/account/user/verify', { username, password, rememberMe }, undefined, { 'x-forwarded-for': ip });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { cookie: sessionCookie(res), body: res.json() };
}
