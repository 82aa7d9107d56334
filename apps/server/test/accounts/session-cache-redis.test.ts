import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loginViaHttp, STRONG_PASSWORD, registerViaHttp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

/**
 * Two api processes (here: two apps on one database and one Redis), each with its own session
 * cache: a sign-out or a password change on one is refused by the other at once, not after the TTL.
 */

const prefix = uniquePrefix();
let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp({ TRUST_PROXY: 'true', REDIS_URL }, { generation: { redisPrefix: prefix, runWorker: false } });
  b = await buildApp({ config: a.config, database: a.database, logger: a.logger, overrides: { generation: { redisPrefix: prefix, runWorker: false } } });
  await b.ready();
  await Promise.all([a.app.sessionCaching.invalidations.ready(5000), b.sessionCaching.invalidations.ready(5000)]);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await deleteKeys(prefix);
});

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/account/user/me', headers: { cookie } });
const post = (app: FastifyInstance, url: string, cookie: string, payload: unknown = {}) => app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

describe('session invalidations across processes through Redis', () => {
  it('caches only while subscribed', () => {
    expect(a.app.sessionCaching.invalidations.cacheable()).toBe(true);
    expect(b.sessionCaching.invalidations.cacheable()).toBe(true);
  });

  it('a logout on one app is refused by the other at once, though it had the session cached', async () => {
    const identity = await registerViaHttp(a);
    const { cookie } = await loginViaHttp(a, identity.username);
    const before = b.sessionCaching.cache.size;
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect(b.sessionCaching.cache.size).toBe(before + 1);
    expect((await me(a.app, cookie)).statusCode).toBe(200);

    expect((await post(a.app, '/api/account/user/logout', cookie)).statusCode).toBe(200);
    // Pub/sub delivery is asynchronous: allow it a moment, far below the 30 s TTL.
    const deadline = Date.now() + 1000;
    while (b.sessionCaching.cache.size > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a.app, cookie)).statusCode).toBe(401);
  });

  it('a password change on one app signs the user out of the other sessions on the other app at once', async () => {
    const identity = await registerViaHttp(a);
    const { cookie: changer } = await loginViaHttp(a, identity.username);
    const { cookie: elsewhere } = await loginViaHttp(a, identity.username);
    expect((await me(b, elsewhere)).statusCode).toBe(200);
    expect((await me(b, changer)).statusCode).toBe(200);
    const cached = b.sessionCaching.cache.size;

    const newPassword = 'Tianma#2026-redis';
    const res = await post(a.app, '/api/account/user/change-password', changer, { currentPassword: STRONG_PASSWORD, newPassword, confirmPassword: newPassword });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 1000;
    while (b.sessionCaching.cache.size >= cached && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await me(b, elsewhere)).statusCode).toBe(401);
    expect((await me(b, changer)).statusCode).toBe(200);
  });
});
