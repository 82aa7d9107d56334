import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { setOperatorRole } from '../../src/admin/operators.js';
import { paymentOrders, paymentRefunds } from '../../src/billing/tables.js';
import type { TestApp } from '../helpers/app.js';
import { STRONG_PASSWORD } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';

/** Test helpers for refunds (decision 079): an operator with the password confirmed, and reading rows back. */

export async function idOf(t: TestApp, username: string): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
}

/** A signed-in operator; `confirmed` also types the password again (state-changing calls need it). */
export async function signedInOperator(t: TestApp, confirmed = true) {
  const user = await signedInUser(t);
  await setOperatorRole(t.database.db, user.username, true, '测试授予');
  if (confirmed) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/confirm', headers: { cookie: user.cookie }, payload: { password: STRONG_PASSWORD } });
    expect(res.statusCode).toBe(200);
  }
  return { ...user, id: await idOf(t, user.username) };
}

export function refundViaHttp(t: TestApp, cookie: string | undefined, outTradeNo: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/admin/orders/${outTradeNo}/refund`, ...(cookie ? { headers: { cookie } } : {}), payload: payload as object });
}

export function listOrdersViaHttp(t: TestApp, cookie: string | undefined, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/admin/orders${query}`, ...(cookie ? { headers: { cookie } } : {}) });
}

export async function orderRow(t: TestApp, outTradeNo: string) {
  return (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo)))[0]!;
}

export async function refundRow(t: TestApp, outRefundNo: string) {
  return (await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.outRefundNo, outRefundNo)))[0]!;
}

export async function refundsOf(t: TestApp, outTradeNo: string) {
  return t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.outTradeNo, outTradeNo)).orderBy(paymentRefunds.id);
}

export async function userRow(t: TestApp, username: string) {
  return (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!;
}
