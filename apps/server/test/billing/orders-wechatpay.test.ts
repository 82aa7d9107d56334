import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExpiredOrders, refreshPendingOrder } from '../../src/billing/orders/refresh-order.js';
import { WechatPayProvider } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger, paymentOrders } from '../../src/billing/tables.js';
import { createTestWechatPayConfig, startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, payStatus, signedInUser } from '../helpers/billing.js';

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

const deps = () => ({ db: t.database.db, provider, logger: t.logger });
const orderRow = async (outTradeNo: string) => (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo)))[0]!;
const creditsFor = async (outTradeNo: string) => t.database.db.select().from(coinLedger).where(eq(coinLedger.ref, outTradeNo));

async function newOrder(amount = 2000, payType = 0) {
  const user = await signedInUser(t);
  const res = await createOrderViaHttp(t, user.cookie, amount, payType);
  expect(res.statusCode).toBe(200);
  return { user, outTradeNo: res.json().outTradeNo as string, codeUrl: res.json().codeUrl as string };
}

describe('orders through WeChat Pay (fake v3 server)', () => {
  it('creates the Native order upstream with the server-decided amount', async () => {
    const { outTradeNo, codeUrl } = await newOrder(3000, 0);
    const upstream = fake.orders.get(outTradeNo)!;
    expect(codeUrl).toBe(upstream.codeUrl);
    expect(upstream.params).toMatchObject({ mchid: fake.mchid, appid: fake.appid, amount: { total: 3000, currency: 'CNY' } });
    expect(upstream.params.notify_url).toBe('https://tianma.example/api/account/pay/notify/wechat');
  });

  it('credits a notification once, however often and however concurrently it arrives', async () => {
    const { user, outTradeNo } = await newOrder(2000, 0);
    fake.markPaid(outTradeNo);
    expect(await fake.deliverNotification(notifyUrl, outTradeNo)).toBe(204);
    expect(await fake.deliverNotification(notifyUrl, outTradeNo)).toBe(204);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => fake.deliverNotification(notifyUrl, outTradeNo)));
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await creditsFor(outTradeNo)).toHaveLength(1);
    const status = (await payStatus(t, user.cookie, outTradeNo)).json();
    expect(status).toMatchObject({ paid: true, user: { userAuth: { coinBalance: 1400 } } });
    expect((await orderRow(outTradeNo)).transactionId).toBe(fake.orders.get(outTradeNo)!.transactionId);
  });

  it.each([
    ['a wrong amount', { amountTotal: 1 }, 400],
    ['a bad signature', { badSignature: true }, 401],
    ['a stale timestamp', { timestampOffsetSeconds: -3600 }, 401],
    ['a SIGNTEST probe', { signtest: true }, 401],
    ['an unknown serial', { serial: 'PUB_KEY_ID_OTHER' }, 401],
    ['another merchant', { mchid: '1999999999' }, 400],
  ])('refuses %s and credits nothing', async (_name, options, status) => {
    const { outTradeNo } = await newOrder(2000, 0);
    fake.markPaid(outTradeNo);
    expect(await fake.deliverNotification(notifyUrl, outTradeNo, options)).toBe(status);
    expect(await creditsFor(outTradeNo)).toHaveLength(0);
    expect((await orderRow(outTradeNo)).status).toBe('pending');
  });

  it('finds a payment by querying when the notification is late, with one query per order at a time', async () => {
    const { user, outTradeNo } = await newOrder(200, 0);
    fake.markPaid(outTradeNo);
    const before = fake.requestCount('query');
    fake.behaviour.delayMs = 200;
    const polls = await Promise.all(Array.from({ length: 10 }, () => payStatus(t, user.cookie, outTradeNo)));
    fake.behaviour.delayMs = 0;
    expect(fake.requestCount('query') - before).toBe(1);
    expect(fake.maxInFlight('query')).toBe(1);
    expect(polls.some((res) => res.json().paid)).toBe(true);
    expect((await payStatus(t, user.cookie, outTradeNo)).json()).toMatchObject({ paid: true, user: { userAuth: { coinBalance: 400 } } });
    // The notification that arrives afterwards changes nothing.
    expect(await fake.deliverNotification(notifyUrl, outTradeNo)).toBe(204);
    expect(await creditsFor(outTradeNo)).toHaveLength(1);
  });

  it('asks upstream at most every 10 seconds per pending order', async () => {
    const { outTradeNo } = await newOrder(200, 0);
    const before = fake.requestCount('query');
    await refreshPendingOrder(deps(), await orderRow(outTradeNo));
    await refreshPendingOrder(deps(), await orderRow(outTradeNo));
    expect(fake.requestCount('query') - before).toBe(1);
  });

  it('closes expired unpaid orders upstream and here, and credits an expired order that was paid', async () => {
    const unpaid = await newOrder(200, 0);
    const paid = await newOrder(200, 0);
    fake.markPaid(paid.outTradeNo);
    await t.database.db
      .update(paymentOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${paymentOrders.outTradeNo} in (${unpaid.outTradeNo}, ${paid.outTradeNo})`);
    await closeExpiredOrders(deps());
    expect((await orderRow(unpaid.outTradeNo)).status).toBe('closed');
    expect(fake.orders.get(unpaid.outTradeNo)!.tradeState).toBe('CLOSED');
    expect((await orderRow(paid.outTradeNo)).status).toBe('paid');
    expect(await creditsFor(paid.outTradeNo)).toHaveLength(1);
  });

  it('credits Pro from a notification', async () => {
    const { user, outTradeNo } = await newOrder(5900, 1);
    fake.markPaid(outTradeNo);
    expect(await fake.deliverNotification(notifyUrl, outTradeNo)).toBe(204);
    expect((await payStatus(t, user.cookie, outTradeNo)).json().user).toMatchObject({ userType: 'pro', userAuth: { level: 1, coinBalance: 3800 } });
  });

  it('leaves every balance equal to the sum of its ledger', async () => {
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });
});
