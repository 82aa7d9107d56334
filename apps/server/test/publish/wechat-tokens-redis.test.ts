import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { wechatTokens } from '../../src/wechat/tables.js';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

/*
 * Issue 20: "two API processes sharing one token through Redis". Two app instances over one
 * database, as two API processes over one PostgreSQL, with REDIS_URL set: a bound account's
 * access_token is fetched once between them, kept in Redis (not the database), and replaced once
 * for both when WeChat refuses it.
 */
describe('a bound account’s token shared by two API processes through Redis', () => {
  let fake: WechatMpFake;
  let prefix: string;
  let first: TestApp;
  let second: FastifyInstance;
  let cookie: string;
  let accountId: string;
  const appId = 'wx5a1b2c3d4e5f6a7b';
  const appSecret = '0123456789abcdef0123456789abcdef';

  beforeAll(async () => {
    fake = await startWechatMpFake();
    fake.accounts.set(appId, { appSecret });
    prefix = uniquePrefix();
    first = await createTestApp({ WECHAT_MP_API_BASE: fake.url, REDIS_URL, REDIS_PREFIX: prefix });
    second = await buildApp({ config: first.config, database: first.database, logger: first.logger });
    await second.ready();
    const owner = await signedInUser(first);
    cookie = owner.cookie;
    const bound = await first.app.inject({ method: 'POST', url: '/api/v1/publish/wechat/accounts', headers: { cookie }, payload: { appId, appSecret, name: '测试号' } });
    expect(bound.statusCode).toBe(200);
    accountId = bound.json().data.accountId;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.close();
    await deleteKeys(prefix);
  });

  const checkFrom = async (app: FastifyInstance) => {
    // Binding again with the same secret makes the check call (draft/count) with the shared token.
    const res = await app.inject({ method: 'POST', url: '/api/v1/publish/wechat/accounts', headers: { cookie }, payload: { appId, appSecret, name: '测试号' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ accountId, appId, name: '测试号' });
  };

  it('both processes call WeChat with one token, kept in Redis and not in the database', async () => {
    expect(fake.tokenCount(appId)).toBe(1);
    await Promise.all([checkFrom(second), checkFrom(first.app), checkFrom(second)]);
    expect(fake.requestCount('draft_count')).toBe(4);
    expect(fake.tokenCount(appId)).toBe(1);
    expect(await first.database.db.select().from(wechatTokens).where(eq(wechatTokens.name, `access_token:mp:${accountId}`))).toEqual([]);
  });

  it('a token WeChat refuses (40001) is replaced once, and the other process uses the new one', async () => {
    fake.invalidateTokens();
    await checkFrom(second);
    expect(fake.tokenCount(appId)).toBe(2);
    await checkFrom(first.app);
    expect(fake.tokenCount(appId)).toBe(2);
  });
}, 60_000);
