import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/accounts/tables.js';
import type { TestApp } from './app.js';
import { loginViaHttp, post, registerViaHttp } from './accounts.js';

/** A registered, signed-in user (300 coins) with their cookie and deepspaceId. */
export async function signedInUser(t: TestApp) {
  const identity = await registerViaHttp(t);
  const { cookie, body } = await loginViaHttp(t, identity.username);
  return { ...identity, cookie, deepspaceId: body.user.deepspaceId as number };
}

/** Makes a user Pro in the table, as a paid month does: level 1, subscription running another 30 days. */
export async function makePro(t: TestApp, username: string): Promise<void> {
  await t.database.db.update(users).set({ level: 1, subscriptionExpiry: sql`now() + interval '30 days'` }).where(eq(users.username, username));
}

/** A signed-in Pro user (the knowledge base, SEO keywords and advanced creation are Pro only). */
export async function signedInProUser(t: TestApp) {
  const user = await signedInUser(t);
  await makePro(t, user.username);
  return user;
}

export async function createOrderViaHttp(t: TestApp, cookie: string, amount: unknown, payType: unknown) {
  return post(t, '/api/account/pay/create', { amount, payType, description: '任意描述' }, cookie);
}

export async function payStatus(t: TestApp, cookie: string, outTradeNo: string, deepspaceId?: number) {
  const query = new URLSearchParams({ outTradeNo, ...(deepspaceId ? { deepspaceId: String(deepspaceId) } : {}) });
  return t.app.inject({ method: 'GET', url: `/api/account/pay/status?${query}`, headers: { cookie } });
}
