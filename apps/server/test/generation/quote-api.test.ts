import { COINS_PER_ARTICLE } from '@tianma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustBalance } from '../../src/billing/adjust-balance.js';
import { coinLedger } from '../../src/billing/tables.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInProUser, signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, instrument } from '../helpers/generation.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { generation: { agents: instrument(new OfflineComposer()).agents } });
});
afterAll(() => t.close());

const quote = (app: TestApp, cookie: string, body: Record<string, unknown>) => post(app, '/api/v1/articles/quote', body, cookie);

/** What generate actually held for a task: the ledger's hold entry. */
async function heldFor(app: TestApp, taskId: string): Promise<number> {
  const [entry] = await app.database.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.ref, taskId), eq(coinLedger.kind, 'hold')));
  return -entry!.delta;
}

describe('POST /api/v1/articles/quote', () => {
  it('asks a visitor to sign in', async () => {
    const res = await quote(t, '', { advanced_mode: false, settings: GUIDED });
    expect(res.statusCode).toBe(401);
    expect(res.json().message ?? res.json().msg).toBe('请先登录');
  });

  it.each([
    [{ ...GUIDED, length: 100 }, '文章长度不能少于200字'],
    [{ ...GUIDED, platform: 'weibo' }, '请选择发布平台'],
    [{ ...GUIDED, audience: 'custom', customAudience: '' }, '请填写自定义目标受众'],
  ])('refuses the settings %o with generate’s Chinese message', async (settings, message) => {
    const user = await signedInUser(t);
    const res = await quote(t, user.cookie, { advanced_mode: false, settings });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('answers advanced mode for a basic user with generate’s business limit (权限不足), holding nothing', async () => {
    const user = await signedInUser(t);
    const res = await quote(t, user.cookie, { advanced_mode: true, settings: { length: 3000 } });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).toContain('权限不足');
    const ok = await quote(t, user.cookie, { advanced_mode: false, settings: GUIDED });
    expect(ok.json().data.balance).toBe(300);
  });

  it('refuses a deepspaceId that is not the signed-in user', async () => {
    const user = await signedInUser(t);
    const res = await quote(t, user.cookie, { advanced_mode: false, settings: GUIDED, deepspaceId: String(user.deepspaceId + 1) });
    expect(res.statusCode).toBe(403);
  });

  it('quotes the fixed price and the balance, and generate then holds exactly the quote', async () => {
    const user = await signedInUser(t);
    const res = await quote(t, user.cookie, { advanced_mode: false, settings: GUIDED });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { coins: COINS_PER_ARTICLE, balance: 300, enough: true, previous: null } });

    const started = await generate(t, user.cookie, { topic: '远程办公效率', settings: GUIDED });
    expect(started.statusCode).toBe(200);
    expect(await heldFor(t, started.json().task_id)).toBe(res.json().data.coins);

    const after = await quote(t, user.cookie, { advanced_mode: false, settings: GUIDED });
    expect(after.json().data.balance).toBe(300 - COINS_PER_ARTICLE);
  });

  it('gives the same price for every length and for advanced mode', async () => {
    const user = await signedInProUser(t);
    const short = await quote(t, user.cookie, { advanced_mode: false, settings: { ...GUIDED, length: 200 } });
    const long = await quote(t, user.cookie, { advanced_mode: true, settings: { length: 10000, enableSeo: true, seoKeywords: ['远程办公'] } });
    expect(short.json().data.coins).toBe(COINS_PER_ARTICLE);
    expect(long.json().data.coins).toBe(COINS_PER_ARTICLE);

    const started = await generate(t, user.cookie, { topic: '远程办公效率', advanced_mode: true, settings: { length: 10000 } });
    expect(started.statusCode).toBe(200);
    expect(await heldFor(t, started.json().task_id)).toBe(long.json().data.coins);
  });

  it('says enough: false when the balance is below the price, and generate refuses with 余额不足', async () => {
    const user = await signedInUser(t);
    await adjustBalance(t.database.db, { user: user.username, delta: -250, reason: '测试' });
    const res = await quote(t, user.cookie, { advanced_mode: false, settings: GUIDED });
    expect(res.json()).toEqual({ success: true, data: { coins: COINS_PER_ARTICLE, balance: 50, enough: false, previous: null } });
    const refused = await generate(t, user.cookie, { topic: '远程办公效率', settings: GUIDED });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toContain('余额不足');
  });
});

describe('an operator’s price (GENERATION_COST_COINS)', () => {
  it('is the price quoted and the price held', async () => {
    const priced = await createTestApp({ GENERATION_COST_COINS: '90' }, { generation: { agents: instrument(new OfflineComposer()).agents } });
    try {
      const user = await signedInUser(priced);
      const res = await quote(priced, user.cookie, { advanced_mode: false, settings: GUIDED });
      expect(res.json().data).toEqual({ coins: 90, balance: 300, enough: true, previous: null });
      const started = await generate(priced, user.cookie, { topic: '远程办公效率', settings: GUIDED });
      expect(await heldFor(priced, started.json().task_id)).toBe(90);
    } finally {
      await priced.close();
    }
  });
});
