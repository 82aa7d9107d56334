import { ApiError, FORMAT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from '../../lib/api';

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

/** The api wrapper's own fallbacks: no message came from the server. */
function isFallbackMessage(message: string): boolean {
  return message === REQUEST_FAILED_MESSAGE || message === FORMAT_ERROR_MESSAGE || message.startsWith('HTTP ');
}

/** Spec §8: not signed in → 请先登录后再进行充值; network → 网络错误; else the server's message or the fallback. */
export function createFailure(error: unknown): PayFailure {
  if (!(error instanceof ApiError)) return { needsLogin: false, message: PAY_MESSAGES.createFailed };
  if (error.status === 0) return { needsLogin: false, message: NETWORK_ERROR_MESSAGE };
  if (error.status === 401 || error.message.includes('登录')) return { needsLogin: true, message: PAY_MESSAGES.loginFirst };
  return { needsLogin: false, message: isFallbackMessage(error.message) ? PAY_MESSAGES.createFailed : error.message };
}
