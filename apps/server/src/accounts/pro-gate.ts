import { BUSINESS_LIMIT_CODE, isProUser } from '@tianma/shared';
import { AppError } from '../platform/errors.js';
import type { UserRow } from './tables.js';

/** Whether the user is Pro now (spec accounts §4): level above 0 and, if an expiry is set, a future one. */
export function isProRow(user: Pick<UserRow, 'level' | 'subscriptionExpiry'>, now = new Date()): boolean {
  return isProUser({ level: user.level, subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null }, now);
}

/** The business limit a basic user meets on a Pro feature: 403, code 1006, 权限不足：{feature}仅对Pro用户开放… */
export function proRequired(feature: string): AppError {
  return new AppError('FORBIDDEN', `权限不足：${feature}仅对Pro用户开放，请升级您的账户`, { status: 403, details: { code: BUSINESS_LIMIT_CODE } });
}

/**
 * The one server gate for the Pro features (advanced creation, knowledge base, SEO keywords;
 * decision 052). Call it before any work or storage; the route's own error shape renders it.
 */
export function requirePro(user: Pick<UserRow, 'level' | 'subscriptionExpiry'>, feature: string): void {
  if (!isProRow(user)) throw proRequired(feature);
}
