import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errcodeMessage } from '../../src/publish/wechat-mp/errcodes.js';
import { accountSecretBox } from '../../src/publish/wechat-mp/secret-box.js';
import { wechatAccounts } from '../../src/publish/wechat-mp/tables.js';
import { wechatTokens } from '../../src/wechat/tables.js';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.js';
import { loginViaHttp, registerViaHttp } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const URL_ACCOUNTS = '/api/v1/publish/wechat/accounts';
const APP_SECRET = 'test-secret-0123456789abcdef0123456789';

let seq = 0;
/** A fresh AppID and AppSecret in WeChat's shapes, known to the fake. */
function newAccount(fake: WechatMpFake, extra: { noDraftRights?: boolean } = {}) {
  seq += 1;
  const appId = `wx${String(Date.now() % 1e10).padStart(10, '0')}${String(seq).padStart(6, '0')}`;
  const appSecret = `S${seq}`.padEnd(32, 'q').replace(/q/g, (_m, i: number) => 'abcdef0123456789'[i % 16]!);
  fake.accounts.set(appId, { appSecret, ...extra });
  return { appId, appSecret };
}

describe('binding WeChat official accounts', () => {
  let fake: WechatMpFake;
  let t: TestApp;
  let alice: string;
  let bob: string;
  const bodies: string[] = [];
  const secrets: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers: cookie ? { cookie } : {} });
    bodies.push(res.body);
    return { status: res.statusCode, body: res.json() as { success: boolean; message?: string; data?: unknown; errcode?: number } };
  };
  const bind = (cookie: string, payload: unknown) => call('POST', URL_ACCOUNTS, cookie, payload);
  const rows = (appId: string) => t.database.db.select().from(wechatAccounts).where(eq(wechatAccounts.appId, appId));

  beforeAll(async () => {
    fake = await startWechatMpFake();
    t = await createTestApp({ WECHAT_MP_API_BASE: fake.url, LOG_LEVEL: 'debug' });
    alice = (await loginViaHttp(t, (await registerViaHttp(t)).username)).cookie;
    bob = (await loginViaHttp(t, (await registerViaHttp(t)).username)).cookie;
  });
  afterAll(async () => {
    // Whatever happened above: no AppSecret in any answer or any log line (and there were some).
    expect(t.logs.join('')).toContain('wechat official account bound');
    expect(t.logs.join('')).toContain('wechat official account check failed');
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret);
      for (const line of t.logs) expect(line).not.toContain(secret);
    }
    await t.close();
    await fake.close();
  });

  it('asks for the session on all three calls', async () => {
    expect((await call('GET', URL_ACCOUNTS)).status).toBe(401);
    expect((await call('POST', URL_ACCOUNTS, undefined, { appId: 'wx0123456789abcdef', appSecret: 'a'.repeat(32) })).status).toBe(401);
    expect((await call('DELETE', `${URL_ACCOUNTS}/wxa_${'0'.repeat(24)}`)).status).toBe(401);
  });

  it('refuses malformed input in Chinese and asks WeChat nothing', async () => {
    const before = fake.tokenCalls.length + fake.requestCount('draft_count');
    for (const payload of [{}, { appId: 'gh_123', appSecret: 'a'.repeat(32) }, { appId: 'wx0123456789abcdef', appSecret: 'short' }, { appId: 'wx0123456789abcdef', appSecret: 'a'.repeat(32), name: '名'.repeat(31) }]) {
      const res = await bind(alice, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(fake.tokenCalls.length + fake.requestCount('draft_count')).toBe(before);
  });

  it('binds an account after a check call, stores the secret encrypted and never returns it', async () => {
    const { appId, appSecret } = newAccount(fake);
    secrets.push(appSecret);
    const res = await bind(alice, { appId, appSecret, name: '天马测试号' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { accountId: expect.stringMatching(/^wxa_[0-9a-f]{24}$/), appId, name: '天马测试号' } });
    const [row] = await rows(appId);
    expect(row!.secretCiphertext).not.toContain(appSecret);
    expect(row!.secretCiphertext).toMatch(/^v1:/);
    expect(accountSecretBox(APP_SECRET).open(row!.secretCiphertext, appId)).toBe(appSecret);
    // Sealed for this AppID only, and under this server's key only.
    expect(() => accountSecretBox(APP_SECRET).open(row!.secretCiphertext, 'wx0000000000000000')).toThrow();
    expect(() => accountSecretBox('another-secret-0123456789abcdef0123').open(row!.secretCiphertext, appId)).toThrow();
    expect(fake.tokenCount(appId)).toBe(1);
  });

  it('a wrong secret, an unknown AppID: a clear Chinese error and no row', async () => {
    const { appId, appSecret } = newAccount(fake);
    const wrong = appSecret.replace(/^S/, 'T');
    secrets.push(appSecret, wrong);
    const res = await bind(alice, { appId, appSecret: wrong });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errcode: 40125 });
    expect(res.body.message).toContain('AppSecret 错误');
    expect(await rows(appId)).toHaveLength(0);

    const unknown = await bind(alice, { appId: 'wx9999999999999999', appSecret });
    expect(unknown.body.message).toContain('AppID 无效');
    expect(await rows('wx9999999999999999')).toHaveLength(0);
  });

  it('a server IP not on the whitelist: the message names the IP WeChat saw', async () => {
    const { appId, appSecret } = newAccount(fake);
    secrets.push(appSecret);
    fake.script('stable_token', { errcode: 40164, errmsg: 'invalid ip 203.0.113.7 ipv6 ::ffff:203.0.113.7, not in whitelist rid: 6566' });
    const res = await bind(alice, { appId, appSecret });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('（203.0.113.7）不在公众号的 IP 白名单中');
    expect(await rows(appId)).toHaveLength(0);
  });

  it('an account without draft rights (48001): the message says so and nothing is bound', async () => {
    const { appId, appSecret } = newAccount(fake, { noDraftRights: true });
    secrets.push(appSecret);
    const res = await bind(alice, { appId, appSecret });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errcode: 48001 });
    expect(res.body.message).toContain('没有草稿箱接口权限');
    expect(await rows(appId)).toHaveLength(0);
    // Nor is its token kept for an account that does not exist.
    const names = (await t.database.db.select({ name: wechatTokens.name }).from(wechatTokens)).map((r) => r.name);
    expect(names.filter((name) => name.startsWith('access_token:mp:'))).toHaveLength(1);
  });

  it('WeChat busy: 503 to try later; an unknown errcode keeps WeChat\'s words', async () => {
    const { appId, appSecret } = newAccount(fake);
    secrets.push(appSecret);
    fake.script('stable_token', { errcode: -1, errmsg: 'system error' });
    const busy = await bind(alice, { appId, appSecret });
    expect(busy.status).toBe(503);
    expect(busy.body.message).toBe('微信系统繁忙，请稍后重试');
    fake.script('draft_count', { errcode: 12345, errmsg: 'something new' });
    const odd = await bind(alice, { appId, appSecret });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe('微信接口返回错误（errcode 12345）：something new');
    expect(await rows(appId)).toHaveLength(0);
  });

  it('caches the token per account, refreshes it once on 40001, and checks a changed secret anew', async () => {
    const { appId, appSecret } = newAccount(fake);
    secrets.push(appSecret);
    const first = await bind(bob, { appId, appSecret });
    const again = await bind(bob, { appId, appSecret, name: '改名后' });
    expect(again.body).toEqual({ success: true, data: { accountId: (first.body.data as { accountId: string }).accountId, appId, name: '改名后' } });
    expect(fake.tokenCount(appId)).toBe(1);
    expect(await rows(appId)).toHaveLength(1);

    fake.invalidateTokens();
    const draftCalls = fake.requestCount('draft_count');
    expect((await bind(bob, { appId, appSecret })).status).toBe(200);
    expect(fake.tokenCalls.filter((c) => c.appId === appId).map((c) => c.force)).toEqual([false, true]);
    expect(fake.requestCount('draft_count')).toBe(draftCalls + 2);

    // A new secret is never taken on the strength of the old one's cached token.
    const wrong = `W${appSecret.slice(1)}`;
    const rotated = `R${appSecret.slice(1)}`;
    secrets.push(wrong, rotated);
    expect((await bind(bob, { appId, appSecret: wrong })).body.message).toContain('AppSecret 错误');
    fake.accounts.set(appId, { appSecret: rotated });
    expect(accountSecretBox(APP_SECRET).open((await rows(appId))[0]!.secretCiphertext, appId)).toBe(appSecret);
    expect((await bind(bob, { appId, appSecret: rotated })).status).toBe(200);
    expect(accountSecretBox(APP_SECRET).open((await rows(appId))[0]!.secretCiphertext, appId)).toBe(rotated);
    expect(await rows(appId)).toHaveLength(1);
  });

  it('an expired token (42001) on the check call: one new token, one retry', async () => {
    const { appId, appSecret } = newAccount(fake);
    secrets.push(appSecret);
    const carol = (await loginViaHttp(t, (await registerViaHttp(t)).username)).cookie;
    expect((await bind(carol, { appId, appSecret })).status).toBe(200);
    fake.script('draft_count', { errcode: 42001, errmsg: 'access_token expired rid: 0005' });
    expect((await bind(carol, { appId, appSecret })).status).toBe(200);
    expect(fake.tokenCalls.filter((c) => c.appId === appId).map((c) => c.force)).toEqual([false, true]);
    // Twice refused: the second refusal is the user's answer, not a loop.
    fake.script('draft_count', { errcode: 40001, errmsg: 'invalid credential' }, { errcode: 40001, errmsg: 'invalid credential' });
    const refused = await bind(carol, { appId, appSecret });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('access_token 已失效');
    expect(fake.tokenCount(appId)).toBe(3);
    await call('DELETE', `${URL_ACCOUNTS}/${((await call('GET', URL_ACCOUNTS, carol)).body.data as { accountId: string }[])[0]!.accountId}`, carol);
  });

  it('caps binding per session (20 in 10 minutes)', async () => {
    const dave = (await loginViaHttp(t, (await registerViaHttp(t)).username)).cookie;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await bind(dave, { appId: 'bad' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await call('GET', URL_ACCOUNTS, dave)).status).toBe(200);
  });

  it('lists only one\'s own accounts; deletes one\'s own, 404 for another user\'s', async () => {
    const mine = await call('GET', URL_ACCOUNTS, alice);
    const theirs = await call('GET', URL_ACCOUNTS, bob);
    const aliceAccounts = mine.body.data as { accountId: string; appId: string; name: string }[];
    const bobAccounts = theirs.body.data as { accountId: string }[];
    expect(mine.body.success).toBe(true);
    expect(aliceAccounts).toHaveLength(1);
    expect(Object.keys(aliceAccounts[0]!).sort()).toEqual(['accountId', 'appId', 'name']);
    expect(bobAccounts).toHaveLength(1);

    const foreign = await call('DELETE', `${URL_ACCOUNTS}/${bobAccounts[0]!.accountId}`, alice);
    expect(foreign.status).toBe(404);
    expect((await call('GET', URL_ACCOUNTS, bob)).body.data).toHaveLength(1);
    expect((await call('DELETE', `${URL_ACCOUNTS}/not-an-id`, alice)).status).toBe(404);

    const gone = await call('DELETE', `${URL_ACCOUNTS}/${aliceAccounts[0]!.accountId}`, alice);
    expect(gone).toEqual({ status: 200, body: { success: true } });
    expect((await call('GET', URL_ACCOUNTS, alice)).body.data).toEqual([]);
    expect((await call('DELETE', `${URL_ACCOUNTS}/${aliceAccounts[0]!.accountId}`, alice)).status).toBe(404);
    const names = (await t.database.db.select({ name: wechatTokens.name }).from(wechatTokens)).map((r) => r.name);
    expect(names).not.toContain(`access_token:mp:${aliceAccounts[0]!.accountId}`);
  });
});

describe('errcode messages', () => {
  it('name the IP for 61004 too, and the IP-confirmation codes', () => {
    expect(errcodeMessage(61004, 'access clientip is not registered, not in ip white list, requestIP: 198.51.100.9 rid: x')).toContain('（198.51.100.9）');
    expect(errcodeMessage(40164, 'not in whitelist')).toBe('本服务器的 IP不在公众号的 IP 白名单中，请在公众号后台「设置与开发 → 基本配置 → IP白名单」中添加后重试');
    expect(errcodeMessage(89503, '')).toContain('管理员确认');
    expect(errcodeMessage(89501, '')).toContain('等待公众号管理员确认');
    expect(errcodeMessage(45009, '')).toContain('上限');
    expect(errcodeMessage(40013, '')).toContain('AppID 无效');
  });
});
