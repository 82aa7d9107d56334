import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_REUSE_MIN_LEFT_MS, ORDER_TTL_MS } from '../../src/billing/orders/create-order.js';
import { closeExpiredOrders } from '../../src/billing/orders/refresh-order.js';
import { WechatPayProvider } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger, paymentOrders } from '../../src/billing/tables.js';
import { createTestWechatPayConfig, startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, payStatus, signedInUser } from '../helpers/billing.js';

/**
 * Decision 054: opening /pay again reuses the user's open order of the same kind and amount
 * while it is good for a scan; an order past that is closed at WeChat Pay (the fake v3 server,
 * which checks our signature) and here; the billing history lists real attempts only.
 */

let t: TestApp;
let fake: WechatPayFake;
let provider: WechatPayProvider;
let notifyUrl: string;

beforeAll(async () => {
  fake = await startWechatPayFake();
  provider = new WechatPayProvider(createTestWechatPayConfig(fake));
  t = await createTestApp({ TRUST_PROXY: 'true' }, { payment: { provider, notifyUrl: 'https://tianma.example/api/account/pay/notify/wechat' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  notifyUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/account/pay/notify/wechat`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const orderRow = async (outTradeNo: string) => (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo)))[0]!;
const creditsFor = async (outTradeNo: string) => t.database.db.select().from(coinLedger).where(eq(coinLedger.ref, outTradeNo));
const ordersOf = async (userId: number) => t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId));
const userIdOf = async (outTradeNo: string) => (await orderRow(outTradeNo)).userId;

async function create(cookie: string, amount: number, payType: number) {
  const res = await createOrderViaHttp(t, cookie, amount, payType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { outTradeNo: string; codeUrl: string; order: { status: string; expiresAt: string } };
}

/** Moves an order's expiry to `msFromNow` (negative: already past). */
async function expireIn(outTradeNo: string, msFromNow: number) {
  await t.database.db
    .update(paymentOrders)
    .set({ expiresAt: new Date(Date.now() + msFromNow) })
    .where(eq(paymentOrders.outTradeNo, outTradeNo));
}

async function history(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/account/billing/history', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().orders as { outTradeNo: string; status: string; amount: number }[];
}

describe('reusing the open order', () => {
  it('answers the same order and QR code to a reload, with one order upstream', async () => {
    const user = await signedInUser(t);
    const createsBefore = fake.requestCount('create');
    const first = await create(user.cookie, 2000, 0);
    const reload = await create(user.cookie, 2000, 0);
    const again = await create(user.cookie, 2000, 0);
    expect(reload.outTradeNo).toBe(first.outTradeNo);
    expect(again.outTradeNo).toBe(first.outTradeNo);
    expect(reload.codeUrl).toBe(first.codeUrl);
    expect(fake.requestCount('create') - createsBefore).toBe(1);
    expect(await ordersOf(await userIdOf(first.outTradeNo))).toHaveLength(1);
    // The window it is reused in: 15 minutes at WeChat Pay, well inside a code_url's 2 hours.
    const expiresIn = Date.parse(first.order.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(ORDER_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(ORDER_TTL_MS);
  });

  it('makes a new order for another amount or another kind, and reuses each', async () => {
    const user = await signedInUser(t);
    const pack = await create(user.cookie, 2000, 0);
    const other = await create(user.cookie, 3000, 0);
    const premium = await create(user.cookie, 5900, 1);
    expect(new Set([pack.outTradeNo, other.outTradeNo, premium.outTradeNo]).size).toBe(3);
    expect((await create(user.cookie, 3000, 0)).outTradeNo).toBe(other.outTradeNo);
    expect((await create(user.cookie, 5900, 1)).outTradeNo).toBe(premium.outTradeNo);
    // A custom amount equal to a pack's price is the same order: coins follow from the amount alone.
    expect((await create(user.cookie, 2000, 0)).outTradeNo).toBe(pack.outTradeNo);
    // Another user's open order of the same kind and amount is never theirs.
    const stranger = await signedInUser(t);
    expect((await create(stranger.cookie, 2000, 0)).outTradeNo).not.toBe(pack.outTradeNo);
  });

  it('gives one order to concurrent creates', async () => {
    const user = await signedInUser(t);
    const createsBefore = fake.requestCount('create');
    fake.behaviour.delayMs = 150;
    const answers = await Promise.all(Array.from({ length: 6 }, () => createOrderViaHttp(t, user.cookie, 1000, 0)));
    fake.behaviour.delayMs = 0;
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    const numbers = new Set(answers.map((res) => res.json().outTradeNo));
    const codes = new Set(answers.map((res) => res.json().codeUrl));
    expect(numbers.size).toBe(1);
    expect(codes.size).toBe(1);
    expect(fake.requestCount('create') - createsBefore).toBe(1);
    expect(await ordersOf(await userIdOf([...numbers][0]))).toHaveLength(1);
  });

  it('closes an expired order at WeChat Pay (a signed close call) and here, and makes a new one', async () => {
    const user = await signedInUser(t);
    const old = await create(user.cookie, 2000, 0);
    await expireIn(old.outTradeNo, -60_000);
    const closesBefore = fake.acceptedCount('close');
    const fresh = await create(user.cookie, 2000, 0);
    expect(fresh.outTradeNo).not.toBe(old.outTradeNo);
    expect(fresh.codeUrl).not.toBe(old.codeUrl);
    // The fake answers 2xx only to a close whose Authorization it verified with the merchant key.
    expect(fake.acceptedCount('close') - closesBefore).toBe(1);
    expect(fake.orders.get(old.outTradeNo)!.tradeState).toBe('CLOSED');
    expect((await orderRow(old.outTradeNo)).status).toBe('closed');
    expect((await orderRow(fresh.outTradeNo)).status).toBe('pending');
  });

  it('does not reuse an order in its last minutes: it is closed and replaced', async () => {
    const user = await signedInUser(t);
    const old = await create(user.cookie, 2000, 0);
    await expireIn(old.outTradeNo, ORDER_REUSE_MIN_LEFT_MS - 30_000);
    const fresh = await create(user.cookie, 2000, 0);
    expect(fresh.outTradeNo).not.toBe(old.outTradeNo);
    expect(fake.orders.get(old.outTradeNo)!.tradeState).toBe('CLOSED');
    expect((await orderRow(old.outTradeNo)).status).toBe('closed');
  });

  it('keeps answering an order in its last minutes when WeChat Pay refuses to close it, and never opens a second one', async () => {
    const user = await signedInUser(t);
    const old = await create(user.cookie, 2000, 0);
    fake.behaviour.refuseClose = true;
    try {
      await expireIn(old.outTradeNo, ORDER_REUSE_MIN_LEFT_MS - 30_000);
      expect((await create(user.cookie, 2000, 0)).outTradeNo).toBe(old.outTradeNo);
      await expireIn(old.outTradeNo, -60_000);
      const refused = await createOrderViaHttp(t, user.cookie, 2000, 0);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ success: false, message: '支付服务暂时不可用，请稍后重试' });
      expect(await ordersOf(await userIdOf(old.outTradeNo))).toHaveLength(1);
      expect((await orderRow(old.outTradeNo)).status).toBe('pending');
    } finally {
      fake.behaviour.refuseClose = false;
    }
    // The sweeper's next turn closes it; then the next visit makes a new order.
    await closeExpiredOrders({ db: t.database.db, provider, logger: t.logger });
    expect((await orderRow(old.outTradeNo)).status).toBe('closed');
    expect((await create(user.cookie, 2000, 0)).outTradeNo).not.toBe(old.outTradeNo);
  });

  it('closes an expired order when its page polls it, and the sweeper closes the rest', async () => {
    const user = await signedInUser(t);
    const polled = await create(user.cookie, 2000, 0);
    const swept = await create(user.cookie, 3000, 0);
    await expireIn(polled.outTradeNo, -1_000);
    await expireIn(swept.outTradeNo, -1_000);
    const status = (await payStatus(t, user.cookie, polled.outTradeNo)).json();
    expect(status).toMatchObject({ paid: false, status: 'closed', message: '订单已关闭' });
    expect(fake.orders.get(polled.outTradeNo)!.tradeState).toBe('CLOSED');
    await closeExpiredOrders({ db: t.database.db, provider, logger: t.logger });
    expect(fake.orders.get(swept.outTradeNo)!.tradeState).toBe('CLOSED');
    expect((await orderRow(swept.outTradeNo)).status).toBe('closed');
  });

  it('credits an expired order that was paid instead of closing it, and then makes a new one', async () => {
    const user = await signedInUser(t);
    const old = await create(user.cookie, 2000, 0);
    fake.markPaid(old.outTradeNo);
    await expireIn(old.outTradeNo, -60_000);
    const fresh = await create(user.cookie, 2000, 0);
    expect(fresh.outTradeNo).not.toBe(old.outTradeNo);
    expect((await orderRow(old.outTradeNo)).status).toBe('paid');
    expect(await creditsFor(old.outTradeNo)).toHaveLength(1);
    expect(fake.orders.get(old.outTradeNo)!.tradeState).toBe('SUCCESS');
  });

  it('credits a notification for an order closed here but paid at WeChat Pay, exactly once', async () => {
    const user = await signedInUser(t);
    const old = await create(user.cookie, 2000, 0);
    await expireIn(old.outTradeNo, -60_000);
    await create(user.cookie, 2000, 0);
    expect((await orderRow(old.outTradeNo)).status).toBe('closed');
    // WeChat says it was paid after all (the payer's payment raced the close): the money is credited.
    fake.markPaid(old.outTradeNo);
    expect(await fake.deliverNotification(notifyUrl, old.outTradeNo)).toBe(204);
    expect(await fake.deliverNotification(notifyUrl, old.outTradeNo)).toBe(204);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => fake.deliverNotification(notifyUrl, old.outTradeNo)));
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await creditsFor(old.outTradeNo)).toHaveLength(1);
    const row = await orderRow(old.outTradeNo);
    expect(row.status).toBe('paid');
    expect(row.transactionId).toBe(fake.orders.get(old.outTradeNo)!.transactionId);
    expect((await payStatus(t, user.cookie, old.outTradeNo)).json()).toMatchObject({ paid: true, user: { userAuth: { coinBalance: 1400 } } });
  });
});

describe('the billing history', () => {
  it('lists one entry per real attempt: reloads add nothing, unwatched orders are left out', async () => {
    const user = await signedInUser(t);
    // Opened, polled by the page, reloaded twice: one attempt.
    const first = await create(user.cookie, 2000, 0);
    await payStatus(t, user.cookie, first.outTradeNo);
    await create(user.cookie, 2000, 0);
    await create(user.cookie, 2000, 0);
    await payStatus(t, user.cookie, first.outTradeNo);
    // Opened and left before the page's first poll: not an attempt.
    const unwatched = await create(user.cookie, 3000, 0);
    expect((await history(user.cookie)).map((order) => [order.outTradeNo, order.status])).toEqual([[first.outTradeNo, 'pending']]);

    // The first one expires and is closed; the next visit makes a second attempt, which is paid.
    await expireIn(first.outTradeNo, -60_000);
    const second = await create(user.cookie, 2000, 0);
    fake.markPaid(second.outTradeNo);
    expect(await fake.deliverNotification(notifyUrl, second.outTradeNo)).toBe(204);
    // The unwatched order expires and is swept: still not an attempt.
    await expireIn(unwatched.outTradeNo, -60_000);
    await closeExpiredOrders({ db: t.database.db, provider, logger: t.logger });
    expect((await orderRow(unwatched.outTradeNo)).status).toBe('closed');

    const listed = await history(user.cookie);
    expect(listed.map((order) => [order.outTradeNo, order.status])).toEqual([
      [second.outTradeNo, 'paid'],
      [first.outTradeNo, 'closed'],
    ]);
    expect(new Set(listed.map((order) => order.outTradeNo)).size).toBe(listed.length);
    expect(await ordersOf(await userIdOf(first.outTradeNo))).toHaveLength(3);
  });

  it('leaves every balance equal to the sum of its ledger', async () => {
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });
});
