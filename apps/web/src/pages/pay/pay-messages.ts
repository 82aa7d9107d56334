import { ApiError, CLIENT_ERROR_CODES, NETWORK_ERROR_MESSAGE } from '../../lib/api';

/** Wording of spec §8 (payment create and status poll). */
export const PAY_MESSAGES = {
  loginFirst: '请先登录后再进行充值',
  createFailed: '创建支付订单失败，请重新登录',
  sessionExpired: '登录已过期，请重新登录',
  paid: '支付成功',
  closed: '订单已关闭',
} as const;

/** How long the visitor can read a login toast before the page moves to /login (spec §9). */
export const LOGIN_REDIRECT_MS = 2000;
export const POLL_INTERVAL_MS = 3000;

export interface PayFailure {
  /** The visitor must sign in (again): the page moves to /login after LOGIN_REDIRECT_MS. */
  needsLogin: boolean;
  message: string;
}

/** The server's code for a request without a (valid) session (apps/server/src/platform/errors.ts). */
const UNAUTHENTICATED = 'UNAUTHENTICATED';

/**
 * Spec §8: not signed in → 请先登录后再进行充值; network → 网络错误; a refusal the server named
 * with its stable code → its own message; anything without one (a bare status line from a proxy,
 * success:false alone, a malformed answer) → 创建支付订单失败，请重新登录.
 */
export function createFailure(error: unknown): PayFailure {
  if (!(error instanceof ApiError)) return { needsLogin: false, message: PAY_MESSAGES.createFailed };
  if (error.code === CLIENT_ERROR_CODES.network) return { needsLogin: false, message: NETWORK_ERROR_MESSAGE };
  if (error.status === 401 || error.code === UNAUTHENTICATED) return { needsLogin: true, message: PAY_MESSAGES.loginFirst };
  const serverWorded = error.code !== undefined && error.code !== CLIENT_ERROR_CODES.badResponse;
  return { needsLogin: false, message: serverWorded ? error.message : PAY_MESSAGES.createFailed };
}

/** A status poll refused for want of a session: polling stops and the page goes to /login. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === UNAUTHENTICATED);
}
