import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { adjustBalance } from '../../src/billing/adjust-balance.js';
import { latestCode, loginViaHttp, post, registerViaHttp, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The session cache (decision 067) never makes a request see less than the database: a signed-out
 * or password-changed session is refused at once, and the user's balance and Pro level are fresh.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/account/user/me', headers: { cookie } });

describe('the session cache', () => {
  it('serves repeated requests from the cache, and refuses the cookie at once after logout', async () => {
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    const { cookie: other } = await loginViaHttp(t, identity.username);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    const cached = t.app.sessionCaching.cache.size;
    // The embedded database is one process: it caches. On PostgreSQL without Redis other processes
    // could not hear of a logout, so nothing is cached there.
    if (t.database.kind === 'pglite') expect(cached).toBeGreaterThanOrEqual(2);
    else expect(cached).toBe(0);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(t.app.sessionCaching.cache.size).toBe(cached);

    expect((await post(t, '/api/account/user/logout', {}, cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    // The user's other session is untouched.
    expect((await me(other)).statusCode).toBe(200);
  });

  it('refuses every other session at once after a password change, and keeps the one that changed it', async () => {
    const identity = await registerViaHttp(t);
    const sessions = await Promise.all([1, 2, 3].map(() => loginViaHttp(t, identity.username)));
    for (const { cookie } of sessions) expect((await me(cookie)).statusCode).toBe(200);
    const [changer, ...others] = sessions.map((s) => s.cookie);
    const newPassword = 'Tianma#2026-new';
    const res = await post(t, '/api/account/user/change-password', { currentPassword: STRONG_PASSWORD, newPassword, confirmPassword: newPassword }, changer);
    expect(res.statusCode).toBe(200);
    for (const cookie of others) expect((await me(cookie!)).statusCode).toBe(401);
    expect((await me(changer!)).statusCode).toBe(200);
    // The kept session checks the new password, not a cached copy of the old one.
    const again = await post(t, '/api/account/user/change-password', { currentPassword: newPassword, newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, changer);
    expect(again.statusCode).toBe(200);
  });

  it('refuses every session at once after a password reset by SMS code', async () => {
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/account/user/send-reset-code', { phone: identity.phoneNumber }, undefined, { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(200);
    const code = await latestCode(t, identity.phoneNumber, 'RESET');
    const reset = await post(t, '/api/account/user/reset-password', { phone: identity.phoneNumber, code, newPassword: 'Tianma#2026-reset' }, undefined, { 'x-forwarded-for': '198.51.100.9' });
    expect(reset.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('shows a coin change and a Pro grant in /me at once, the session being cached', async () => {
    const identity = await registerViaHttp(t);
    const { cookie } = await loginViaHttp(t, identity.username);
    const before = (await me(cookie)).json().user;
    expect(before.userType).toBe('basic');
    await adjustBalance(t.database.db, { user: identity.username, delta: 1234, reason: 'test' });
    expect((await me(cookie)).json().user.userAuth.coinBalance).toBe(before.userAuth.coinBalance + 1234);
    const expiry = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    await t.database.db.update(users).set({ level: 1, subscriptionExpiry: expiry }).where(eq(users.username, identity.username));
    const after = (await me(cookie)).json().user;
    expect(after.userType).toBe('pro');
    expect(after.userAuth).toMatchObject({ level: 1, subscriptionExpiry: expiry.toISOString() });
  });
});
