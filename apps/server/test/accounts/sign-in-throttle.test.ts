import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDuration } from '../../src/accounts/login-throttle.js';
import { loginThrottles } from '../../src/accounts/tables.js';
import { post, registerViaHttp, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let ip = 0;
const login = (username: string, password: string) =>
  post(t, '/api/account/user/verify', { username, password }, undefined, { 'x-forwarded-for': `10.60.0.${++ip % 250}` });

describe('password sign-in throttling', () => {
  it('locks an account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
    const identity = await registerViaHttp(t);
    for (let i = 0; i < 4; i += 1) expect((await login(identity.username, 'Wrong#0000')).statusCode).toBe(401);
    const fifth = await login(identity.username, 'Wrong#0000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/^登录失败次数过多，账户已临时锁定，请1[45]分钟后再试，或使用验证码登录$/);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await login(identity.username, STRONG_PASSWORD);
    expect(right.statusCode).toBe(429);
    // The lock follows the account, whichever name is typed.
    expect((await login(identity.phoneNumber, STRONG_PASSWORD)).statusCode).toBe(429);
  });

  it('locks an unknown name exactly like a real one', async () => {
    for (let i = 0; i < 4; i += 1) expect((await login('ghost_writer', 'Wrong#0000')).json().message).toBe('用户名或密码错误');
    expect((await login('ghost_writer', 'Wrong#0000')).statusCode).toBe(429);
  });

  it('lets the user in once the lock has passed, and grows the next lock', async () => {
    const identity = await registerViaHttp(t);
    for (let i = 0; i < 5; i += 1) await login(identity.username, 'Wrong#0000');
    await t.database.db.update(loginThrottles).set({ lockedUntil: new Date(Date.now() - 1000) });
    for (let i = 0; i < 5; i += 1) await login(identity.username, 'Wrong#0000');
    const second = await login(identity.username, STRONG_PASSWORD);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(29 * 60);
    await t.database.db.update(loginThrottles).set({ lockedUntil: new Date(Date.now() - 1000) });
    expect((await login(identity.username, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('grows 15, 30, 60 minutes … up to a day', () => {
    expect([0, 1, 2].map((n) => lockDuration(n) / 60_000)).toEqual([15, 30, 60]);
    expect(lockDuration(20)).toBe(24 * 3600 * 1000);
  });

  it('limits sign-in attempts per IP with 429 and Retry-After', async () => {
    const responses = [];
    for (let i = 0; i < 21; i += 1) {
      responses.push(await post(t, '/api/account/user/verify', { username: `probe_${i}`, password: 'x' }, undefined, { 'x-forwarded-for': '10.99.99.99' }));
    }
    const last = responses.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
  });
});
