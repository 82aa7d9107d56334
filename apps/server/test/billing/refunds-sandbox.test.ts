import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinsToTakeBack, splitTakeBack } from '../../src/billing/refunds/take-back.js';
import { findBalanceMismatches, findRefundMismatches } from '../../src/billing/reconcile.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { orderRow, refundRow, refundViaHttp, signedInOperator, userRow } from './refund-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('the take-back rule (decision 079)', () => {
  it('follows the refunded share on the running total, rounding down, and a full refund takes every coin', () => {
    const order = { coins: 1000, amountFen: 3000 };
    expect(coinsToTakeBack(order, 0, 1000)).toBe(333);
    expect(coinsToTakeBack(order, 1000, 1000)).toBe(333);
    expect(coinsToTakeBack(order, 2000, 1000)).toBe(334);
    expect(coinsToTakeBack(order, 0, 3000)).toBe(1000);
    expect(coinsToTakeBack(order, 0, 1)).toBe(0);
    expect(() => coinsToTakeBack(order, 2000, 1001)).toThrow(RangeError);
    expect(coinsToTakeBack({ coins: 9_000_000, amountFen: 999_999_999 }, 0, 999_999_999)).toBe(9_000_000);
  });

  it('takes what the balance holds and leaves the rest owed', () => {
    expect(splitTakeBack(500, 800)).toEqual({ clawedBack: 500, owed: 0 });
    expect(splitTakeBack(500, 120)).toEqual({ clawedBack: 120, owed: 380 });
    expect(splitTakeBack(500, 0)).toEqual({ clawedBack: 0, owed: 500 });
  });
});

describe('refunds through the sandbox', () => {
  it('refunds a sandbox order at once, in parts, and the books stay clean', async () => {
    const op = await signedInOperator(t);
    const user = await signedInUser(t);
    const created = await createOrderViaHttp(t, user.cookie, 2000, 0);
    const outTradeNo = created.json().outTradeNo as string;
    expect((await post(t, `/api/account/pay/sandbox/${outTradeNo}/confirm`, {}, user.cookie)).statusCode).toBe(200);
    const order = await orderRow(t, outTradeNo);
    const before = (await userRow(t, user.username)).coinBalance;

    const part = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 500, reason: '沙箱部分退款' });
    expect(part.statusCode).toBe(200);
    expect(part.json().data.status).toBe('refunded');
    const rest = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 1500, reason: '沙箱剩余退款' });
    expect(rest.json().data.status).toBe('refunded');
    expect((await refundRow(t, rest.json().data.refundId)).providerRefundId).toMatch(/^SANDBOXRF/);
    expect((await userRow(t, user.username)).coinBalance).toBe(before - order.coins);

    const none = await refundViaHttp(t, op.cookie, outTradeNo, { amountFen: 1, reason: '已退完' });
    expect(none.statusCode).toBe(400);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    expect(await findRefundMismatches(t.database.db)).toEqual([]);
  });
});
