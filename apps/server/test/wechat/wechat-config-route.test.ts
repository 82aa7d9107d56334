import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWechatApiFake, type WechatApiFake } from '../fakes/wechat-api-fake-server.js';
import { wechatTokens } from '../../src/wechat/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const SITE = 'https://tianma.example.com';
const PAGE = `${SITE}/shared/article/a1b2c3d4e5?from=singlemessage`;

interface ConfigAnswer {
  success: boolean;
  message?: string;
  data?: { appId: string; timestamp: number; nonceStr: string; signature: string };
}

const ask = async (t: TestApp, url?: string) => {
  const res = await t.app.inject({ method: 'GET', url: url === undefined ? '/api/v1/wechat/config' : `/api/v1/wechat/config?url=${encodeURIComponent(url)}` });
  return { status: res.statusCode, body: res.json() as ConfigAnswer, headers: res.headers };
};

/** What WeChat computes on its side, written out here rather than imported. */
const expectedSignature = (ticket: string, nonceStr: string, timestamp: number, url: string) =>
  createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex');

async function appWith(fake: WechatApiFake, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    PUBLIC_URL: SITE,
    WECHAT_APP_ID: fake.appId,
    WECHAT_APP_SECRET: fake.appSecret,
    WECHAT_API_BASE_URL: fake.url,
    ...env,
  });
}

describe('GET /api/v1/wechat/config with an official account', () => {
  let fake: WechatApiFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startWechatApiFake();
    t = await appWith(fake, { LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses a page of another site and asks WeChat nothing', async () => {
    for (const url of ['https://evil.example.com/shared/article/x', 'https://tianma.example.com.evil.example/', 'http://127.0.0.1/']) {
      const res = await ask(t, url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: '只能为本站页面生成分享签名' });
    }
    expect((await ask(t)).body).toMatchObject({ success: false, message: '缺少页面地址 url' });
    expect((await ask(t, 'javascript:alert(1)')).status).toBe(400);
    expect((await ask(t, `${SITE}/${'x'.repeat(2000)}`)).body).toMatchObject({ success: false, message: '页面地址无效' });
    expect(fake.requestCount('stable_token') + fake.requestCount('getticket')).toBe(0);
  });

  it('50 requests at once cost one access_token and one jsapi_ticket', async () => {
    fake.behaviour.delayMs = { stable_token: 150, getticket: 150 };
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => ask(t, PAGE)));
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(true);
      }
    } finally {
      fake.behaviour.delayMs = { stable_token: 0, getticket: 0 };
    }
    expect(fake.requestCount('stable_token')).toBe(1);
    expect(fake.requestCount('getticket')).toBe(1);
    expect(fake.tokenRequests[0]).toEqual({ grant_type: 'client_credential', appid: fake.appId, secret: fake.appSecret, force_refresh: false });

    // Cached from now on, in memory and in the database.
    await ask(t, PAGE);
    expect(fake.requestCount('stable_token') + fake.requestCount('getticket')).toBe(2);
    const rows = await t.database.db.select().from(wechatTokens);
    expect(rows.map((row) => row.name).sort()).toEqual([`access_token:${fake.appId}`, `jsapi_ticket:${fake.appId}`]);
  });

  it('signs the page URL without its fragment, as WeChat will check it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await ask(t, `${PAGE}#comments`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data!;
    expect(Object.keys(data).sort()).toEqual(['appId', 'nonceStr', 'signature', 'timestamp']);
    expect(data.appId).toBe(fake.appId);
    expect(typeof data.timestamp).toBe('number');
    expect(data.timestamp).toBeGreaterThanOrEqual(before);
    expect(data.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16,32}$/);
    expect(data.signature).toBe(expectedSignature(fake.latestTicket()!, data.nonceStr, data.timestamp, PAGE));
    expect(data.signature).not.toBe(expectedSignature(fake.latestTicket()!, data.nonceStr, data.timestamp, `${PAGE}#comments`));

    const again = (await ask(t, `${PAGE}#comments`)).body.data!;
    expect(again.nonceStr).not.toBe(data.nonceStr);
  });

  it('signs percent-encoded and Chinese paths exactly as given', async () => {
    for (const url of [`${SITE}/shared/article/x?title=%E5%A4%A9%E9%A9%AC`, `${SITE}/分享/文章`]) {
      const data = (await ask(t, url)).body.data!;
      expect(data.signature).toBe(expectedSignature(fake.latestTicket()!, data.nonceStr, data.timestamp, url));
    }
  });

  it('puts no secret in its answers or its logs', async () => {
    const secrets = [fake.appSecret, ...fake.tokens, ...fake.tickets];
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const text = t.logs.join('\n');
    expect(text).toContain('wechat credential refreshed');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const body = JSON.stringify((await ask(t, PAGE)).body);
    for (const secret of secrets) expect(body).not.toContain(secret);
  });
});

describe('GET /api/v1/wechat/config when WeChat refuses', () => {
  let fake: WechatApiFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startWechatApiFake();
  });
  afterEach(async () => {
    await t?.close();
  });
  afterAll(() => fake.close());

  it('replaces a refused access_token once (force) and retries getticket', async () => {
    t = await appWith(fake);
    fake.script('getticket', { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
    const res = await ask(t, PAGE);
    expect(res.status).toBe(200);
    expect(fake.requestCount('stable_token')).toBe(2);
    expect(fake.requestCount('getticket')).toBe(2);
    expect(fake.tokenRequests.map((body) => body.force_refresh)).toEqual([false, true]);
    const data = res.body.data!;
    expect(data.signature).toBe(expectedSignature(fake.latestTicket()!, data.nonceStr, data.timestamp, PAGE));
  });

  it('tries once only: a token refused twice is a failure, not a loop', async () => {
    const before = { token: fake.requestCount('stable_token'), ticket: fake.requestCount('getticket') };
    t = await appWith(fake, { LOG_LEVEL: 'debug' });
    fake.script('getticket', { errcode: 42001, errmsg: 'access_token expired' }, { errcode: 40001, errmsg: 'invalid credential' });
    const res = await ask(t, PAGE);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, message: '微信接口暂时不可用，请稍后重试' });
    expect(fake.requestCount('stable_token') - before.token).toBe(2);
    expect(fake.requestCount('getticket') - before.ticket).toBe(2);
    const text = t.logs.join('\n');
    expect(text).toContain('errcode 40001');
    for (const secret of [fake.appSecret, ...fake.tokens]) expect(text).not.toContain(secret);
  });

  it('answers 503 in Chinese for other WeChat errors and logs a hint, not the secret', async () => {
    t = await appWith(fake);
    fake.script('stable_token', { errcode: 40164, errmsg: 'invalid ip 203.0.113.7, not in whitelist' });
    const res = await ask(t, PAGE);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toMatchObject({ success: false, message: '微信接口暂时不可用，请稍后重试' });
    const text = t.logs.join('\n');
    expect(text).toContain('errcode 40164');
    expect(text).toContain('IP 白名单');
    expect(text).not.toContain(fake.appSecret);
    expect(JSON.stringify(res.body)).not.toContain('40164');
  });

  it('says so when the secret is wrong, without repeating it', async () => {
    t = await createTestApp({ PUBLIC_URL: SITE, WECHAT_APP_ID: fake.appId, WECHAT_APP_SECRET: 'a-wrong-secret-1234', WECHAT_API_BASE_URL: fake.url });
    const res = await ask(t, PAGE);
    expect(res.status).toBe(503);
    const text = t.logs.join('\n');
    expect(text).toContain('WECHAT_APP_SECRET 无效');
    expect(text).not.toContain('a-wrong-secret-1234');
  });
});

describe('GET /api/v1/wechat/config without an official account (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: SITE, TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('answers 200 with success:false, so that the page shares in degraded mode', async () => {
    const res = await ask(t, PAGE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: '未配置微信公众号，无法使用微信分享' });
    expect(res.body.data).toBeUndefined();
  });

  it('still refuses pages of other sites', async () => {
    expect((await ask(t, 'https://evil.example.com/')).status).toBe(400);
  });

  it('is capped per IP', async () => {
    const from = (ip: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/wechat/config?url=${encodeURIComponent(PAGE)}`, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 120; i += 1) expect((await from('10.33.0.1')).statusCode).toBe(200);
    const refused = await from('10.33.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false });
    expect((await from('10.33.0.2')).statusCode).toBe(200);
  });
});
