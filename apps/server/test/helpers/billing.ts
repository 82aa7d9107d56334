import type { TestApp } from './app.js';
import { loginViaHttp, post, registerViaHttp } from './accounts.js';

/** A registered, signed-in user (300 coins) with their cookie and deepspaceId. */
export async function signedInUser(t: TestApp) {
  const identity = await registerViaHttp(t);
  const { cookie, body } = await loginViaHttp(t, identity.username);
  return { ...identity, cookie, deepspaceId: body.user.deepspaceId as number };
}

export async function createOrderViaHttp(t: TestApp, cookie: string, amount: unknown, payType: unknown) {
  return post(t, '/api/account/pay/create', { amount, payType, description: '任意描述' }, cookie);
}

export async function payStatus(t: TestApp, cookie: string, outTradeNo: string, deepspaceId?: number) {
  const query = new URLSearchParams({ outTradeNo, ...(deepspaceId ? { deepspaceId: String(deepspaceId) } : {}) });
  return t.app.inject({ method: 'GET', url: `/api/account/pay/status?${query}`, headers: { cookie } });
}
