import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_REQUIRED, NOT_OPERATOR } from '../../src/admin/operator-guard.js';
import { adminAudit } from '../../src/admin/tables.js';
import { applyLedgerEntry } from '../../src/billing/ledger.js';
import { WechatPayProvider } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';
import { findBalanceMismatches, findRefundMismatches } from '../../src/billing/reconcile.js';
import { refreshProcessingRefunds } from '../../src/billing/refunds/refresh-refunds.js';
import { coinLedger, paymentRefunds } from '../../src/billing/tables.js';
import { createTestWechatPayConfig, startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { listOrdersViaHttp, orderRow, refundRow, refundsOf, refundViaHttp, signedInOperator, userRow } from '../billing/refund-helpers.js';

let t: TestApp;
let fake: WechatPayFake;
let provider: WechatPayProvider;
let notifyUrl: string;
let refundNotifyUrl: string;
let op: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  fake = await startWechatPayFake();
  provider = new WechatPayProvider(createTestWechatPayConfig(fake));
  t = await createTestApp({ TRUST_PROXY: 'true' }, { payment: { provider, notifyUrl: 'https://tianma.example/api/account/pay/notify/wechat' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  notifyUrl = `${origin}/api/account/pay/notify/wechat`;
  refundNotifyUrl = `${origin}/api/account/pay/notify/wechat/refund`;
  op = await signedInOperator(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const deps = () => ({ db: t.database.db, provider, logger: t.logger, refundNotifyUrl: 'https://tianma.example/api/account/pay/notify/wechat/refund' });
const takeBacks = async (outTradeNo: string) =>
  t.database.db.select().from(coinLedger).where(and(eq(coinLedger.ref, outTradeNo), eq(coinLedger.kind, 'refund')));

/** A user's order paid through the fake's signed notification. */
async function paidOrder(amount = 2000, payType = 0) {
  const user = await signedInUser(t);
  const res = await createOrderViaHttp(t, user.cookie, amount, payType);
  expect(res.statusCode).toBe(200);
  const outTradeNo = res.json().outTradeNo as string;
  fake.markPaid(outTradeNo);
  expect(await fake.deliverNotification(notifyUrl, outTradeNo)).toBe(204);
  const order = await orderRow(t, outTradeNo);
  expect(order.status).toBe('paid');
  return { user, outTradeNo, order };
}

describe('refunds through WeChat Pay v3 (fake server, real signatures)', () => {
  it('refunds a whole order: processing at first, the verified notification takes the coins back once', async () => {
    const { user, outTradeNo, order } = await paidOrder(2000);
    const before = (await userRow(t, user.username)).coinBalance;
    const res = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '用户申请全额退款' });
    expect(res.statusCode).toBe(200);
    const { refundId, status } = res.json().data;
    expect(status).toBe('processing');
    // The request WeChat received: our number, the amounts, the refund notify URL.
    expect(fake.refunds.get(refundId)!.params).toMatchObject({
      out_trade_no: outTradeNo,
      out_refund_no: refundId,
      notify_url: 'https://tianma.example/api/account/pay/notify/wechat/refund',
      amount: { refund: 2000, total: 2000, currency: 'CNY' },
    });
    expect((await userRow(t, user.username)).coinBalance).toBe(before);

    // A forged notification is refused and changes nothing.
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { badSignature: true })).toBe(401);
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { signtest: true })).toBe(401);
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { timestampOffsetSeconds: -3600 })).toBe(401);
    expect((await refundRow(t, refundId)).status).toBe('processing');

    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId)).toBe(204);
    const refund = await refundRow(t, refundId);
    expect(refund).toMatchObject({ status: 'refunded', coinsClawedBack: order.coins, coinsOwed: 0, providerRefundId: fake.refunds.get(refundId)!.refundId });
    expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);

    // Repeated, concurrent, and a late CLOSED: nothing changes.
    const again = await Promise.all(Array.from({ length: 5 }, () => fake.deliverRefundNotification(refundNotifyUrl, refundId)));
    expect(again.every((code) => code === 204)).toBe(true);
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { status: 'CLOSED' })).toBe(204);
    expect(await takeBacks(outTradeNo)).toHaveLength(1);
    expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);
    expect((await refundRow(t, refundId)).status).toBe('refunded');

    const list = (await listOrdersViaHttp(t, op.cookie, '?status=refunded')).json();
    expect(list.data.find((o: { outTradeNo: string }) => o.outTradeNo === outTradeNo)).toMatchObject({
      status: 'refunded',
      amountFen: 2000,
      refundedFen: 2000,
      coins: order.coins,
      userId: order.userId,
      username: user.username,
      refunds: [{ refundId, status: 'refunded', amountFen: 2000, coinsClawedBack: order.coins, coinsOwed: 0 }],
    });
    // Nothing is left to refund.
    const more = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 1, reason: '再退一分' });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('该订单已全额退款（或退款正在处理中）');
  });

  it('refunds in parts: the coins follow the refunded share on the running total, and a part larger than what is left is refused', async () => {
    fake.behaviour.refundStatus = 'SUCCESS';
    try {
      const { user, outTradeNo, order } = await paidOrder(3000);
      const before = (await userRow(t, user.username)).coinBalance;
      const first = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 1001, reason: '部分退款一' });
      expect(first.json().data.status).toBe('refunded');
      const share = (fen: number) => Math.floor((order.coins * fen) / 3000);
      expect((await refundRow(t, first.json().data.refundId)).coinsClawedBack).toBe(share(1001));

      const tooMuch = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '超额退款' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().message).toBe('退款金额超出可退金额：该订单最多还可退 ¥19.99');

      const second = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 999, reason: '部分退款二' });
      expect(second.json().data.status).toBe('refunded');
      expect((await refundRow(t, second.json().data.refundId)).coinsClawedBack).toBe(share(2000) - share(1001));
      const list = (await listOrdersViaHttp(t, op.cookie)).json();
      expect(list.data.find((o: { outTradeNo: string }) => o.outTradeNo === outTradeNo)).toMatchObject({ status: 'refunded', refundedFen: 2000 });

      const last = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 1000, reason: '部分退款三' });
      expect(last.json().data.status).toBe('refunded');
      // Three parts take back exactly what the order granted.
      const taken = (await takeBacks(outTradeNo)).reduce((sum, entry) => sum - entry.delta, 0);
      expect(taken).toBe(order.coins);
      expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);
      // Notifications arriving after the answers change nothing.
      for (const refund of await refundsOf(t, outTradeNo)) expect(await fake.deliverRefundNotification(refundNotifyUrl, refund.outRefundNo)).toBe(204);
      expect(await takeBacks(outTradeNo)).toHaveLength(3);
    } finally {
      fake.behaviour.refundStatus = 'PROCESSING';
    }
  });

  it('ten concurrent clicks make one refund, and the coins are taken back once', async () => {
    const { user, outTradeNo, order } = await paidOrder(2000);
    const before = (await userRow(t, user.username)).coinBalance;
    const clicks = await Promise.all(Array.from({ length: 10 }, () => refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '连点十次' })));
    expect(clicks.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(clicks.filter((res) => res.statusCode === 400)).toHaveLength(9);
    const refunds = await refundsOf(t, outTradeNo);
    expect(refunds).toHaveLength(1);
    expect([...fake.refunds.values()].filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => fake.deliverRefundNotification(refundNotifyUrl, refunds[0]!.outRefundNo)));
    expect(deliveries.every((code) => code === 204)).toBe(true);
    expect(await takeBacks(outTradeNo)).toHaveLength(1);
    expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);
  });

  it('ten concurrent clicks of one partial request (same requestId) make one refund', async () => {
    const { outTradeNo } = await paidOrder(2000);
    const requestId = randomUUID();
    const clicks = await Promise.all(Array.from({ length: 10 }, () => refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 500, reason: '部分退款连点', requestId })));
    expect(clicks.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(clicks.map((res) => res.json().data.refundId)).size).toBe(1);
    expect(clicks.filter((res) => res.json().data.repeated === false)).toHaveLength(1);
    expect(await refundsOf(t, outTradeNo)).toHaveLength(1);
    expect(fake.refunds.get(clicks[0]!.json().data.refundId)!.refund).toBe(500);
  });

  it('takes back what the balance holds and records the rest as owed; the balance never goes below zero', async () => {
    fake.behaviour.refundStatus = 'SUCCESS';
    try {
      const { user, outTradeNo, order } = await paidOrder(2000);
      const row = await userRow(t, user.username);
      // The user spent all but 100 coins.
      await t.database.db.transaction((tx) => applyLedgerEntry(tx, { userId: row.id, delta: -(row.coinBalance - 100), kind: 'hold', idemKey: `spent:${randomUUID()}` }));
      const res = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '余额不足也退款' });
      expect(res.json().data.status).toBe('refunded');
      const refund = await refundRow(t, res.json().data.refundId);
      expect(refund).toMatchObject({ coinsClawedBack: 100, coinsOwed: order.coins - 100 });
      expect((await userRow(t, user.username)).coinBalance).toBe(0);
    } finally {
      fake.behaviour.refundStatus = 'PROCESSING';
    }
  });

  it('a Pro order: a partial refund shortens the month by its share, a full refund ends it', async () => {
    fake.behaviour.refundStatus = 'SUCCESS';
    try {
      const { user, outTradeNo, order } = await paidOrder(5900, 1);
      const expiry = (await userRow(t, user.username)).subscriptionExpiry!.getTime();
      await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2950, reason: '退一半' });
      const halfway = (await userRow(t, user.username)).subscriptionExpiry!.getTime();
      expect(expiry - halfway).toBeGreaterThan(14 * 86_400_000);
      expect(expiry - halfway).toBeLessThan(16 * 86_400_000);
      await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2950, reason: '退剩下的' });
      const ended = await userRow(t, user.username);
      expect(ended.subscriptionExpiry!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await takeBacks(outTradeNo)).reduce((sum, entry) => sum - entry.delta, 0)).toBe(order.coins);
    } finally {
      fake.behaviour.refundStatus = 'PROCESSING';
    }
  });

  it('a closed or abnormal refund takes nothing and frees its amount; a refusal from WeChat fails at once', async () => {
    const { user, outTradeNo } = await paidOrder(2000);
    const before = (await userRow(t, user.username)).coinBalance;
    const closed = (await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '将被关闭' })).json().data.refundId;
    expect(await fake.deliverRefundNotification(refundNotifyUrl, closed, { status: 'CLOSED' })).toBe(204);
    expect(await refundRow(t, closed)).toMatchObject({ status: 'closed', coinsClawedBack: 0 });

    const abnormal = (await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '将会异常' })).json().data.refundId;
    expect(await fake.deliverRefundNotification(refundNotifyUrl, abnormal, { status: 'ABNORMAL' })).toBe(204);
    expect(await refundRow(t, abnormal)).toMatchObject({ status: 'failed', coinsClawedBack: 0 });

    fake.behaviour.refuseRefund = 'NOT_ENOUGH';
    try {
      const refused = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '商户余额不足' });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().data.status).toBe('failed');
      expect(refused.json().data.refund.failReason).toContain('NOT_ENOUGH');
    } finally {
      fake.behaviour.refuseRefund = null;
    }
    expect((await userRow(t, user.username)).coinBalance).toBe(before);
    expect(await takeBacks(outTradeNo)).toHaveLength(0);
    // The whole amount is still refundable.
    const ok = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '再次退款' });
    expect(ok.json().data.status).toBe('processing');
  });

  it('a notification whose amount differs from the refund is refused; one for a refund we never made is acknowledged and ignored', async () => {
    const { outTradeNo } = await paidOrder(2000);
    const refundId = (await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 800, reason: '金额不符测试' })).json().data.refundId;
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { refundAmount: 2000 })).toBe(400);
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId, { mchid: '1999999999' })).toBe(400);
    expect((await refundRow(t, refundId)).status).toBe('processing');
    fake.refunds.set('RFBYHAND0001', { ...fake.refunds.get(refundId)!, status: 'PROCESSING' });
    expect(await fake.deliverRefundNotification(refundNotifyUrl, 'RFBYHAND0001')).toBe(204);
  });

  it('a refund left processing is settled by a query once it is a minute old', async () => {
    const { user, outTradeNo, order } = await paidOrder(2000);
    const before = (await userRow(t, user.username)).coinBalance;
    const refundId = (await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 2000, reason: '通知丢失' })).json().data.refundId;
    fake.completeRefund(refundId, 'SUCCESS');
    const queries = fake.requestCount('refund-query');
    expect(await refreshProcessingRefunds(deps())).toBe(0);
    expect(fake.requestCount('refund-query')).toBe(queries);
    const later = new Date(Date.now() + 2 * 60_000);
    const settled = await Promise.all([refreshProcessingRefunds(deps(), { now: later }), refreshProcessingRefunds(deps(), { now: later })]);
    expect(settled[0]! + settled[1]!).toBeGreaterThanOrEqual(1);
    expect(await refundRow(t, refundId)).toMatchObject({ status: 'refunded', coinsClawedBack: order.coins });
    expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);
  });

  it('a refund whose request got no answer stays processing, and one WeChat never got is sent again under the same number', async () => {
    const { outTradeNo } = await paidOrder(2000);
    fake.behaviour.delayMs = 2_500;
    let refundId: string;
    try {
      const res = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 900, reason: '微信无应答' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('processing');
      refundId = res.json().data.refundId;
    } finally {
      fake.behaviour.delayMs = 0;
    }
    // WeChat lost it: the query finds nothing, so the same refund is asked for again.
    fake.refunds.delete(refundId);
    const later = new Date(Date.now() + 2 * 60_000);
    await refreshProcessingRefunds(deps(), { now: later });
    expect(fake.refunds.get(refundId)).toMatchObject({ outTradeNo, refund: 900 });
    expect((await refundRow(t, refundId)).status).toBe('processing');
    expect(await fake.deliverRefundNotification(refundNotifyUrl, refundId)).toBe(204);
    expect(await refundRow(t, refundId)).toMatchObject({ status: 'refunded' });
    expect(await refundsOf(t, outTradeNo)).toHaveLength(1);
  });

  it('refuses bad input in Chinese', async () => {
    const { outTradeNo } = await paidOrder(2000);
    for (const [payload, message] of [
      [{ amountFen: 0, reason: '零元' }, '退款金额必须大于0'],
      [{ amountFen: 1.5, reason: '小数' }, '退款金额必须是正整数（单位：分）'],
      [{ amountFen: '100', reason: '字符串' }, '退款金额必须是正整数（单位：分）'],
      [{ amountFen: 100 }, '请填写退款原因'],
      [{ amountFen: 100, reason: '退' }, '请填写退款原因（至少2个字）'],
      [{ amountFen: 2001, reason: '超出订单' }, '退款金额超出可退金额：该订单最多还可退 ¥20.00'],
    ] as const) {
      const res = await refundViaHttp(t, op.cookie, outTradeNo, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const pending = await createOrderViaHttp(t, (await signedInUser(t)).cookie, 2000, 0);
    const unpaid = await refundViaHttp(t, op.cookie, pending.json().outTradeNo, { amountFen: 100, reason: '未支付订单' });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe('只有已支付的订单可以退款');
    const missing = await refundViaHttp(t, op.cookie, 'TM00000000000000nothere', { amountFen: 100, reason: '不存在' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('订单不存在');
    const badFilter = await listOrdersViaHttp(t, op.cookie, '?status=unknown');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('status 只能是 pending、paid、closed 或 refunded');
  });
});

describe('orders in the console', () => {
  it('lists newest first, 20 a page, filtered by status', async () => {
    const all = (await listOrdersViaHttp(t, op.cookie)).json();
    expect(all.success).toBe(true);
    expect(all.data.length).toBeLessThanOrEqual(20);
    const times = all.data.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const status of ['pending', 'paid', 'closed', 'refunded']) {
      const res = (await listOrdersViaHttp(t, op.cookie, `?status=${status}&page=1`)).json();
      expect(res.data.every((o: { status: string }) => o.status === status), status).toBe(true);
      expect(res).toMatchObject({ page: 1 });
    }
    const paid = (await listOrdersViaHttp(t, op.cookie, '?status=paid')).json();
    expect(paid.data.every((o: { refundedFen: number }) => o.refundedFen === 0)).toBe(true);
  });
});

describe('who may list and refund', () => {
  it('401 without a session, 403 for a user, confirmation required for a refund; nothing written', async () => {
    const { outTradeNo } = await paidOrder(200);
    const plain = await signedInUser(t);
    const unconfirmed = await signedInOperator(t, false);
    const auditBefore = await t.database.db.$count(adminAudit);
    expect((await listOrdersViaHttp(t, undefined)).statusCode).toBe(401);
    expect((await refundViaHttp(t, undefined, outTradeNo, { amountFen: 100, reason: '匿名退款' })).statusCode).toBe(401);
    const listed = await listOrdersViaHttp(t, plain.cookie);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().message).toBe(NOT_OPERATOR);
    expect((await refundViaHttp(t, plain.cookie, outTradeNo, { amountFen: 100, reason: '用户退款' })).json().message).toBe(NOT_OPERATOR);
    expect((await listOrdersViaHttp(t, unconfirmed.cookie)).statusCode).toBe(200);
    const needs = await refundViaHttp(t, unconfirmed.cookie, outTradeNo, { amountFen: 100, reason: '未确认' });
    expect(needs.statusCode).toBe(403);
    expect(needs.json()).toMatchObject({ message: CONFIRM_REQUIRED, confirmRequired: true });
    expect(await refundsOf(t, outTradeNo)).toHaveLength(0);
    expect(await t.database.db.$count(adminAudit)).toBe(auditBefore);
  });

  it('every refund is written to the audit log with its operator, target, before, after and reason', async () => {
    const { outTradeNo } = await paidOrder(2000);
    const refundId = (await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 600, reason: '审计测试退款' })).json().data.refundId;
    const entries = await t.database.db.select().from(adminAudit).where(eq(adminAudit.target, `order:${outTradeNo}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operatorId: op.id,
      operator: op.username,
      action: 'order.refund',
      reason: '审计测试退款',
      before: { status: 'paid', amountFen: 2000, claimedFen: 0 },
      after: { refundId, amountFen: 600, status: 'processing' },
    });
  });
});

describe('reconcile after refunds', () => {
  it('every balance equals its ledger, and refunds, take-backs and the ledger agree', async () => {
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    expect(await findRefundMismatches(t.database.db)).toEqual([]);
    expect((await t.database.db.select().from(coinLedger).where(like(coinLedger.idemKey, 'refund:%'))).length).toBeGreaterThan(5);
  });

  it('notices a take-back the ledger does not hold (the last test: it spoils the data)', async () => {
    const [refund] = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'refunded')).limit(1);
    await t.database.db.update(paymentRefunds).set({ coinsClawedBack: sql`${paymentRefunds.coinsClawedBack} + 1` }).where(eq(paymentRefunds.id, refund!.id));
    const problems = await findRefundMismatches(t.database.db);
    expect(problems).toContainEqual({ outTradeNo: refund!.outTradeNo, outRefundNo: refund!.outRefundNo, problem: 'the ledger does not hold the coins this refund took back' });
    expect(problems).toContainEqual({ outTradeNo: refund!.outTradeNo, outRefundNo: null, problem: 'coins taken back and owed differ from the refunded share' });
  });
});
