import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

/** With Redis configured, per-IP limits count across api processes (here: two apps, one Redis). */

const prefix = uniquePrefix();
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const env = { TRUST_PROXY: 'true', REDIS_URL };
  a = await createTestApp(env, { generation: { redisPrefix: prefix, runWorker: false } });
  b = await createTestApp(env, { generation: { redisPrefix: prefix, runWorker: false } });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await deleteKeys(prefix);
});

const signIn = (t: TestApp, i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/user/verify',
    headers: { 'x-forwarded-for': '203.0.113.77' },
    payload: { username: `nobody_${i}`, password: 'Wrong#12345' },
  });

describe('per-IP limits across processes', () => {
  it('counts sign-in attempts of one address on both apps against one limit of 20 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await signIn(i % 2 === 0 ? a : b, i)).statusCode);
    expect(statuses).not.toContain(429);
    const limited = await signIn(b, 99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
