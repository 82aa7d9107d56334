import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisCredentialShelf } from '../../src/wechat/credential-shelf.js';
import { wechatTokens } from '../../src/wechat/tables.js';
import { WechatTokenStore } from '../../src/wechat/token-store.js';
import { WechatApiClient } from '../../src/wechat/wechat-api-client.js';
import { startWechatApiFake, type WechatApiFake } from '../fakes/wechat-api-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

const SITE = 'https://tianma.example.com';
const PAGE = `${SITE}/shared/article/a1b2c3d4e5`;

/*
 * WeChat allows about 2,000 token fetches a day per account, and a new token ends the old one
 * within minutes: with Redis configured, every process of a deployment shares one token there
 * (decision 077), whatever database each process uses.
 */
describe('WeChat credentials shared through Redis', () => {
  let fake: WechatApiFake;
  let prefix: string;
  const connections: Redis[] = [];

  const connect = () => {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    return redis;
  };
  const storeOn = (redis: Redis, options: { now?: () => number } = {}) =>
    new WechatTokenStore({
      shelf: redisCredentialShelf(redis, { prefix, now: options.now }),
      client: new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: fake.url }),
      failureCooldownMs: 0,
      now: options.now,
    });

  beforeEach(async () => {
    fake = await startWechatApiFake();
    prefix = uniquePrefix();
  });
  afterEach(async () => {
    await fake.close();
    await deleteKeys(prefix);
    await Promise.all(connections.splice(0).map((redis) => redis.quit()));
  });

  it('two processes asking at once fetch one token between them', async () => {
    const [a, b] = [storeOn(connect()), storeOn(connect())];
    const tokens = await Promise.all([a.accessToken(), b.accessToken(), a.accessToken(), b.accessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(fake.requestCount('stable_token')).toBe(1);
  });

  it('keeps the token in Redis until it expires, then the key is gone', async () => {
    const redis = connect();
    await storeOn(redis).accessToken();
    const key = `${prefix}:wechat-credential:access_token:${fake.appId}`;
    const ttl = await redis.pttl(key);
    // The fake's tokens live 7,200 s: the key expires with the token, not later.
    expect(ttl).toBeGreaterThan(7_100_000);
    expect(ttl).toBeLessThanOrEqual(7_200_000);
    expect(JSON.parse((await redis.get(key))!)).toMatchObject({ value: expect.any(String), expiresAt: expect.any(Number) });
    expect(await redis.exists(`${key}:lock`)).toBe(0);
  });

  it('a token refused by WeChat is replaced once for every process, not once per process', async () => {
    const [a, b] = [storeOn(connect()), storeOn(connect())];
    const first = await a.accessToken();
    const [fromA, fromB] = await Promise.all([a.accessToken(first), b.accessToken(first)]);
    expect(fromA).toBe(fromB);
    expect(fromA).not.toBe(first);
    expect(fake.requestCount('stable_token')).toBe(2);
  });

  it('refreshes ahead of expiry, and the other process reads the new token', async () => {
    let clock = Date.now();
    const now = () => clock;
    const [a, b] = [storeOn(connect(), { now }), storeOn(connect(), { now })];
    const first = await a.accessToken();
    clock += 7200_000 - 4 * 60_000; // four minutes left: inside the refresh margin
    const second = await a.accessToken();
    expect(second).not.toBe(first);
    expect(await b.accessToken()).toBe(second);
    expect(fake.requestCount('stable_token')).toBe(2);
  });

  it('waits for a lock held by another process and then uses its token', async () => {
    const redis = connect();
    const key = `${prefix}:wechat-credential:access_token:${fake.appId}`;
    await redis.set(`${key}:lock`, 'someone-else', 'PX', 5000);
    const waiting = storeOn(connect()).accessToken();
    // The holder writes its token and lets go: the waiting process must not fetch another.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await redis.set(key, JSON.stringify({ value: 'token-of-the-holder', expiresAt: Date.now() + 7200_000, fetchedAt: Date.now() }), 'PX', 7200_000);
    await redis.del(`${key}:lock`);
    expect(await waiting).toBe('token-of-the-holder');
    expect(fake.requestCount('stable_token')).toBe(0);
  });
});

describe('two API processes with one Redis', () => {
  let fake: WechatApiFake;
  let prefix: string;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    fake = await startWechatApiFake();
    prefix = uniquePrefix();
    const env = {
      PUBLIC_URL: SITE,
      WECHAT_APP_ID: fake.appId,
      WECHAT_APP_SECRET: fake.appSecret,
      WECHAT_API_BASE_URL: fake.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    };
    // Each with its own database: what they share is Redis alone.
    apps = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await fake.close();
    await deleteKeys(prefix);
  });

  it('sign share pages with one access_token and one jsapi_ticket, none of it in their databases', async () => {
    const answers = await Promise.all(
      [...apps, ...apps, ...apps].map((t) => t.app.inject({ method: 'GET', url: `/api/v1/wechat/config?url=${encodeURIComponent(PAGE)}` })),
    );
    for (const res of answers) expect(res.json()).toMatchObject({ success: true });
    expect(fake.requestCount('stable_token')).toBe(1);
    expect(fake.requestCount('getticket')).toBe(1);
    for (const t of apps) expect(await t.database.db.select().from(wechatTokens)).toEqual([]);
  });
});
