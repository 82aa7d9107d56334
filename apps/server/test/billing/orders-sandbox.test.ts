import { ORDER_MAX_AMOUNT_FEN, TOPUP_MAX_COINS, topupBonus } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { paymentOrders } from '../../src/billing/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, payStatus, signedInUser } from '../helpers/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

// One user for the refusal cases: a sign-in per case would meet the sign-in rate limit.
let payer: Promise<Awaited<ReturnType<typeof signedInUser>>> | undefined;
const refusedPayer = () => {
  payer ??= signedInUser(t);
  return payer;
};

const confirm = (cookie: string, outTradeNo: string) => post(t, `/api/account/pay/sandbox/${outTradeNo}/confirm`, {}, cookie);

describe('creating orders', () => {
  it('asks a visitor to sign in first', async () => {
    const res = await createOrderViaHttp(t, '', 2000, 0);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: '请先登录' });
  });

  it.each([
    [2001, 0],
    [100, 1],
    [2000, 1],
    [-200, 0],
    [0, 0],
    [Number.MAX_SAFE_INTEGER + 1, 0],
    [2000.5, 0],
    ['2000', 0],
    [2000, '0'],
    [2000, 3],
    [null, null],
    // Found from outside (issue 15): amounts past the 32-bit columns answered 500.
    [1_000_000_000_000, 0],
    [2_147_483_800, 0],
    [-1_000_000_000_000, 0],
    [1e21, 0],
    [2000.000001, 0],
    ['NaN', 0],
    ['Infinity', 0],
    ['1e12', 0],
    [undefined, 0],
    [{}, 0],
    [[2000], 0],
    [true, 0],
    [5900.5, 1],
  ])('refuses amount %s with payType %s and creates no order', async (amount, payType) => {
    const user = await refusedPayer();
    const before = await t.database.db.$count(paymentOrders);
    const res = await createOrderViaHttp(t, user.cookie, amount, payType);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/充值金额无效/);
    expect(await t.database.db.$count(paymentOrders)).toBe(before);
  });

  it('refuses an amount above the one upper bound of packages/shared, and accepts the bound itself', async () => {
    const user = await refusedPayer();
    const before = await t.database.db.$count(paymentOrders);
    const over = await createOrderViaHttp(t, user.cookie, ORDER_MAX_AMOUNT_FEN + 200, 0);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ success: false, message: expect.stringMatching(/充值金额无效/) });
    expect(await t.database.db.$count(paymentOrders)).toBe(before);

    const atMax = await createOrderViaHttp(t, user.cookie, ORDER_MAX_AMOUNT_FEN, 0);
    expect(atMax.statusCode).toBe(200);
    const coins = TOPUP_MAX_COINS + topupBonus(TOPUP_MAX_COINS);
    expect(atMax.json()).toMatchObject({ success: true, order: { coins, amount: ORDER_MAX_AMOUNT_FEN } });
  });

  it('refuses a body that is not JSON (NaN is not a JSON number) and creates no order', async () => {
    const user = await refusedPayer();
    const before = await t.database.db.$count(paymentOrders);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/pay/create',
      payload: '{"amount": NaN, "payType": 0}',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await t.database.db.$count(paymentOrders)).toBe(before);
  });

  it('derives the coins on the server and answers a sandbox QR code', async () => {
    const user = await signedInUser(t);
    const res = await createOrderViaHttp(t, user.cookie, 2000, 0);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, order: { coins: 1100, amount: 2000, amountYuan: '20.00', status: 'pending' } });
    expect(body.outTradeNo).toMatch(/^TM\d{14}[0-9a-f]{10}$/);
    expect(body.codeUrl).toBe(`${t.config.publicUrl}/pay/sandbox/${body.outTradeNo}`);
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, body.outTradeNo));
    expect(row).toMatchObject({ description: '天马金币充值 1100 币', coins: 1100, grantsPro: false });
  });
});

describe('paying in the sandbox', () => {
  it('credits a coin pack exactly once, however often it is confirmed', async () => {
    const user = await signedInUser(t);
    const { outTradeNo } = (await createOrderViaHttp(t, user.cookie, 3000, 0)).json();
    const pending = await payStatus(t, user.cookie, outTradeNo, user.deepspaceId);
    expect(pending.json()).toMatchObject({ success: true, paid: false, user: { userAuth: { coinBalance: 300 } } });

    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${outTradeNo}`, headers: { cookie: user.cookie } });
    expect(page.body).toContain('确认支付（沙箱）');
    expect(page.body).toContain('¥30.00');

    expect((await confirm(user.cookie, outTradeNo)).json()).toEqual({ success: true, message: '支付成功' });
    await Promise.all(Array.from({ length: 5 }, () => confirm(user.cookie, outTradeNo)));
    const paid = await payStatus(t, user.cookie, outTradeNo, user.deepspaceId);
    expect(paid.json()).toMatchObject({ paid: true, message: '支付成功', user: { userType: 'basic', userAuth: { coinBalance: 300 + 1800 } } });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it('makes a Pro month: level 1, expiry a month ahead, 3500 coins; a second month extends it', async () => {
    const user = await signedInUser(t);
    const first = (await createOrderViaHttp(t, user.cookie, 5900, 1)).json();
    await confirm(user.cookie, first.outTradeNo);
    const afterFirst = (await payStatus(t, user.cookie, first.outTradeNo)).json().user;
    expect(afterFirst).toMatchObject({ userType: 'pro', userAuth: { level: 1, coinBalance: 3800 } });
    const expiry1 = Date.parse(afterFirst.userAuth.subscriptionExpiry);
    expect(expiry1 - Date.now()).toBeGreaterThan(27 * 24 * 3600_000);
    expect(expiry1 - Date.now()).toBeLessThan(32 * 24 * 3600_000);

    const second = (await createOrderViaHttp(t, user.cookie, 5900, 1)).json();
    await confirm(user.cookie, second.outTradeNo);
    const afterSecond = (await payStatus(t, user.cookie, second.outTradeNo)).json().user;
    expect(afterSecond.userAuth.coinBalance).toBe(7300);
    expect(Date.parse(afterSecond.userAuth.subscriptionExpiry) - expiry1).toBeGreaterThan(27 * 24 * 3600_000);
  });

  it("keeps orders private: another user's order is not found, another deepspaceId is refused", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { outTradeNo } = (await createOrderViaHttp(t, owner.cookie, 200, 0)).json();
    expect((await payStatus(t, other.cookie, outTradeNo)).statusCode).toBe(404);
    expect((await payStatus(t, owner.cookie, outTradeNo, other.deepspaceId)).statusCode).toBe(403);
    expect((await confirm(other.cookie, outTradeNo)).statusCode).toBe(404);
    expect((await payStatus(t, '', outTradeNo)).statusCode).toBe(401);
    expect((await payStatus(t, owner.cookie, 'bad no!')).statusCode).toBe(400);
  });

  it('refuses forged notifications and changes nothing', async () => {
    const user = await signedInUser(t);
    const { outTradeNo } = (await createOrderViaHttp(t, user.cookie, 200, 0)).json();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account/pay/notify/wechat',
      headers: {
        'content-type': 'application/json',
        'wechatpay-serial': 'PUB_KEY_ID_SANDBOX',
        'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
        'wechatpay-nonce': 'abc',
        'wechatpay-signature': Buffer.from('forged').toString('base64'),
      },
      payload: JSON.stringify({ resource: { ciphertext: 'x', nonce: 'y', associated_data: 'transaction' } }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'FAIL', message: '签名验证失败' });
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/account/pay/notify/wechat',
      headers: { 'content-type': 'application/json', 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
      payload: '{}',
    });
    expect(probe.statusCode).toBeGreaterThanOrEqual(400);
    expect((await payStatus(t, user.cookie, outTradeNo)).json().paid).toBe(false);
  });

  it('lists the orders and ledger entries in the billing history', async () => {
    const user = await signedInUser(t);
    const { outTradeNo } = (await createOrderViaHttp(t, user.cookie, 2000, 0)).json();
    await confirm(user.cookie, outTradeNo);
    const history = (await t.app.inject({ method: 'GET', url: '/api/account/billing/history', headers: { cookie: user.cookie } })).json();
    expect(history.orders[0]).toMatchObject({ outTradeNo, status: 'paid', coins: 1100, amountYuan: '20.00' });
    expect(history.entries.map((entry: { label: string; delta: number }) => [entry.label, entry.delta])).toEqual([
      ['金币充值', 1100],
      ['注册赠送', 300],
    ]);
    expect(JSON.stringify(history)).not.toMatch(/userId|transactionId|SANDBOX\d/);
  });
});
