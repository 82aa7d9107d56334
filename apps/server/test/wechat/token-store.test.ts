import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/index.js';
import { wechatTokens } from '../../src/wechat/tables.js';
import { WechatTokenStore, type WechatTokenStoreOptions } from '../../src/wechat/token-store.js';
import { WechatApiClient, WechatApiError } from '../../src/wechat/wechat-api-client.js';
import { startWechatApiFake, type WechatApiFake } from '../fakes/wechat-api-fake-server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the WeChat credential store', () => {
  let fake: WechatApiFake;
  let database: TestDatabase;
  let clock: number;
  const warnings: string[] = [];

  const store = (options: Partial<WechatTokenStoreOptions> = {}) =>
    new WechatTokenStore({
      db: database.db,
      client: new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: fake.url }),
      crossProcessLock: database.kind === 'postgres',
      now: () => clock,
      failureCooldownMs: 0,
      logger: { info: () => {}, warn: (_object, message) => warnings.push(message) },
      ...options,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(wechatTokens);
    fake = await startWechatApiFake();
    clock = Date.UTC(2026, 0, 10, 8, 0, 0);
    warnings.length = 0;
  });
  afterEach(() => fake.close());

  it('keeps both values until 5 minutes before they expire, then refreshes them', async () => {
    const tokens = store();
    const first = await tokens.jsapiTicket();
    expect(first).toBe(fake.tickets[0]);

    clock += 2 * HOUR - 6 * MINUTE;
    expect(await tokens.jsapiTicket()).toBe(first);
    expect(fake.requestCount('stable_token')).toBe(1);
    expect(fake.requestCount('getticket')).toBe(1);

    clock += 2 * MINUTE; // 4 minutes left: refreshed early
    const second = await tokens.jsapiTicket();
    expect(second).toBe(fake.tickets[1]);
    expect(fake.requestCount('stable_token')).toBe(2);
    expect(fake.requestCount('getticket')).toBe(2);
    expect(fake.tokenRequests.map((body) => body.force_refresh)).toEqual([false, false]);
  });

  it('shares what one store fetched with another through the database', async () => {
    const ticket = await store().jsapiTicket();
    const other = store();
    expect(await other.jsapiTicket()).toBe(ticket);
    expect(await other.accessToken()).toBe(fake.tokens[0]);
    expect(fake.requestCount('stable_token')).toBe(1);
    expect(fake.requestCount('getticket')).toBe(1);
  });

  it('takes a new token, once, when WeChat refuses ours (40001), and retries getticket', async () => {
    fake.behaviour.tokenExpiresIn = 4 * 7200; // the token outlives the ticket
    const tokens = store();
    await tokens.jsapiTicket();
    fake.invalidateTokens(); // as a forced refresh by someone else would
    clock += 2 * HOUR - MINUTE; // the ticket is due, the token is not
    expect(await tokens.jsapiTicket()).toBe(fake.tickets[1]);
    expect(fake.tokenRequests.map((body) => body.force_refresh)).toEqual([false, true]);
    expect(fake.requestCount('getticket')).toBe(3); // the first, the refused one, the retry
    expect(warnings).toContain('wechat refused the access_token; replacing it once');
    expect(await tokens.accessToken()).toBe(fake.tokens[1]);
  });

  it('after a refusal, uses the token another process already replaced instead of forcing another', async () => {
    fake.behaviour.tokenExpiresIn = 4 * 7200;
    const mine = store();
    await mine.jsapiTicket();
    const theirs = store();
    await theirs.accessToken(fake.tokens[0]); // they were refused first and replaced it (forced)
    expect(fake.tokenRequests.map((body) => body.force_refresh)).toEqual([false, true]);
    clock += 2 * HOUR - MINUTE;
    expect(await mine.jsapiTicket()).toBe(fake.latestTicket());
    expect(fake.requestCount('stable_token')).toBe(2);
    expect(await mine.accessToken()).toBe(fake.tokens[1]);
  });

  it('treats an expired token (42001) the same way', async () => {
    fake.behaviour.tokenExpiresIn = 4 * 7200;
    const tokens = store();
    await tokens.accessToken();
    fake.expireTokens();
    await tokens.jsapiTicket();
    expect(fake.tokenRequests.map((body) => body.force_refresh)).toEqual([false, true]);
    expect(fake.requestCount('getticket')).toBe(2);
  });

  it('serves a still-valid ticket while WeChat fails, and fails once nothing valid is left', async () => {
    const tokens = store();
    const ticket = await tokens.jsapiTicket();
    clock += 2 * HOUR - 4 * MINUTE;
    fake.script('getticket', { errcode: -1, errmsg: 'system error' });
    expect(await tokens.jsapiTicket()).toBe(ticket);
    expect(warnings).toContain('wechat credential refresh failed; the current one is still valid');

    clock += 4 * MINUTE;
    fake.script('getticket', { errcode: -1, errmsg: 'system error' });
    await expect(tokens.jsapiTicket()).rejects.toMatchObject({ name: 'WechatApiError', errcode: -1 });
    expect(await tokens.jsapiTicket()).toBe(fake.latestTicket());
    expect(fake.tickets).toHaveLength(2);
  });

  it('keeps using the old token while a due token cannot be refreshed', async () => {
    const tokens = store();
    await tokens.jsapiTicket();
    clock += 2 * HOUR - 4 * MINUTE; // both due
    fake.script('stable_token', { errcode: -1, errmsg: 'system error' });
    expect(await tokens.jsapiTicket()).toBe(fake.tickets[1]);
    expect(fake.tokens).toHaveLength(1);
  });

  it('after a failure, asks WeChat again only after the cool-down', async () => {
    const tokens = store({ failureCooldownMs: 5000 });
    fake.script('stable_token', { errcode: 45011, errmsg: 'api minute-quota reach limit' });
    await expect(tokens.jsapiTicket()).rejects.toBeInstanceOf(WechatApiError);
    await expect(tokens.jsapiTicket()).rejects.toBeInstanceOf(WechatApiError);
    expect(fake.requestCount('stable_token')).toBe(1);
    clock += 5000;
    expect(await tokens.jsapiTicket()).toBe(fake.latestTicket());
    expect(fake.requestCount('stable_token')).toBe(2);
  });

  it('turns timeouts, HTTP errors and odd replies into WechatApiError without the secret', async () => {
    const slow = new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: fake.url, timeoutMs: 50 });
    fake.behaviour.delayMs.stable_token = 300;
    await expect(slow.stableToken()).rejects.toMatchObject({ code: 'TIMEOUT' });
    const nowhere = new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: 'http://127.0.0.1:1' });
    await expect(nowhere.stableToken()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    const wrongPath = new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: `${fake.url}/x` });
    expect(await wrongPath.stableToken()).toMatchObject({ expiresIn: 7200 }); // the origin only is kept
    fake.script('getticket', { errcode: 40001, errmsg: `echo ${fake.appSecret}` });
    const error = await new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: fake.url }).jsapiTicket('x').catch((e) => e);
    expect(error).toBeInstanceOf(WechatApiError);
    expect(error.message).not.toContain(fake.appSecret);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two processes on one PostgreSQL', () => {
  let fake: WechatApiFake;
  let database: TestDatabase;

  beforeAll(async () => {
    fake = await startWechatApiFake();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await fake.close();
  });

  it('refresh once between them', async () => {
    // Two pools stand for two processes: only the advisory lock (and the re-read) keeps them apart.
    const pools = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: database.url!, dataDir: '', poolSize: 3, onIdleError: () => {} })));
    try {
      fake.behaviour.delayMs = { stable_token: 200, getticket: 200 };
      const stores = pools.map(
        (pool) =>
          new WechatTokenStore({
            db: pool.db,
            client: new WechatApiClient({ appId: fake.appId, appSecret: fake.appSecret, baseUrl: fake.url }),
            crossProcessLock: true,
          }),
      );
      const tickets = await Promise.all(stores.flatMap((store) => Array.from({ length: 20 }, () => store.jsapiTicket())));
      expect(new Set(tickets)).toEqual(new Set([fake.tickets[0]]));
      expect(fake.requestCount('stable_token')).toBe(1);
      expect(fake.requestCount('getticket')).toBe(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
