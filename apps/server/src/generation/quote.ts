import type { Quote, QuoteRequest } from '@tianma/shared';
import type { UserRow } from '../accounts/tables.js';
import { previousVersions } from '../articles/topic-versions.js';
import type { Db } from '../platform/db/index.js';
import { assertPlanAllows, normaliseRequest } from './create-task.js';

/**
 * What generate would hold for these settings, and whether the user has it (decision 053). The
 * settings go through generate's own checks and plan limits, so a quote answers the same 400 and
 * 403 (权限不足) as generate; the running-task limit and an expired knowledge base are generate's
 * alone (they change from one moment to the next and say nothing about the price). Nothing is held.
 * With a topic, `previous` says whether the user already has articles on it: another generation
 * writes a new version and is charged again (decision 057).
 */
export async function quoteTask(db: Db, user: UserRow, body: QuoteRequest, costCoins: number): Promise<Quote> {
  // The topic does not change the price; the placeholder only completes the request shape.
  const request = normaliseRequest({ ...body, topic: '报价', connection_id: null });
  assertPlanAllows(user, request);
  const balance = user.coinBalance;
  const previous = await previousVersions(db, user.id, body.topic?.trim());
  return { coins: costCoins, balance, enough: balance >= costCoins, previous };
}
