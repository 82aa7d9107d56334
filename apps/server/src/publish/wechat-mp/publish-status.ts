import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import { AccountApi } from './account-tokens.js';
import { publishFailureMessage } from './errcodes.js';
import { MpApiError } from './mp-api-client.js';
import { type PublishDeps, loadOwnAccount } from './publish.js';
import { type WechatPublicationRow, wechatPublications } from './tables.js';

/*
 * A submitted publication's outcome, asked of freepublish/get (decision 076). freepublish/submit's
 * errcode 0 only queued the job; `published` is stored only when freepublish/get says 0.
 * At most one question per publication per POLL_EVERY_MS, between all processes: the poll first
 * moves updated_at forward with a conditional UPDATE, and only the one that moved it asks WeChat,
 * so browsers polling GET /api/v1/publish/{id} do not burn the account's quota.
 */

export const POLL_EVERY_MS = 5_000;
/** The background sweep's pace and how long it keeps asking (a publish job normally ends in minutes). */
export const SWEEP_POLL_EVERY_MS = 30_000;
export const SWEEP_POLL_FOR_MS = 24 * 3600_000;

export interface RefreshOutcome {
  row: WechatPublicationRow;
  /** WeChat did not answer or refused the question: the stored state stands. */
  error?: MpApiError;
  /** Whether WeChat was asked. */
  asked: boolean;
}

/** The publication, refreshed from WeChat when it is `submitted` and was not asked in the last `minGapMs`. */
export async function refreshSubmitted(deps: PublishDeps, row: WechatPublicationRow, now = new Date(), minGapMs = POLL_EVERY_MS): Promise<RefreshOutcome> {
  if (row.state !== 'submitted' || !row.wechatPublishId) return { row, asked: false };
  const [claimed] = await deps.db
    .update(wechatPublications)
    .set({ updatedAt: now })
    .where(and(eq(wechatPublications.id, row.id), eq(wechatPublications.state, 'submitted'), lte(wechatPublications.updatedAt, new Date(now.getTime() - minGapMs))))
    .returning();
  if (!claimed) return { row: (await reread(deps, row.id)) ?? row, asked: false };
  const account = await loadOwnAccount(deps, row.userId, row.accountId);
  if (!account) {
    const message = '该公众号已解绑，无法再查询发表结果，请到公众号后台的「发表记录」中查看';
    return { row: await settle(deps, claimed, { message }), asked: false };
  }
  const api = new AccountApi(deps, account);
  try {
    const publishId = row.wechatPublishId;
    const status = await api.withToken((token) => api.client.getPublish(token, publishId));
    if (status.status === 0) return { row: await settle(deps, claimed, { state: 'published', articleUrl: status.articleUrl ?? null }), asked: true };
    if (status.status === 1) return { row: claimed, asked: true };
    return { row: await settle(deps, claimed, { state: 'failed', message: publishFailureMessage(status.status, status.failIdx) }), asked: true };
  } catch (error) {
    if (!(error instanceof MpApiError)) throw error;
    return { row: claimed, error, asked: true };
  }
}

async function reread(deps: PublishDeps, id: string) {
  const [row] = await deps.db.select().from(wechatPublications).where(eq(wechatPublications.id, id)).limit(1);
  return row;
}

/** Writes the outcome unless another process already did (the state is still `submitted`). */
async function settle(deps: PublishDeps, row: WechatPublicationRow, values: Partial<Pick<WechatPublicationRow, 'state' | 'articleUrl' | 'message'>>) {
  const [updated] = await deps.db
    .update(wechatPublications)
    .set(values)
    .where(and(eq(wechatPublications.id, row.id), eq(wechatPublications.state, 'submitted')))
    .returning();
  return updated ?? (await reread(deps, row.id)) ?? row;
}

/** The background sweep: asks about submitted publications not asked for SWEEP_POLL_EVERY_MS, for up to a day after submitting. */
export async function pollSubmittedPublications(deps: PublishDeps & { logger: Logger }, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select()
    .from(wechatPublications)
    .where(
      and(
        eq(wechatPublications.state, 'submitted'),
        lte(wechatPublications.updatedAt, new Date(now.getTime() - SWEEP_POLL_EVERY_MS)),
        gte(wechatPublications.createdAt, new Date(now.getTime() - SWEEP_POLL_FOR_MS)),
      ),
    )
    .orderBy(asc(wechatPublications.updatedAt))
    .limit(20);
  let settled = 0;
  for (const row of rows) {
    const outcome = await refreshSubmitted(deps, row, now, SWEEP_POLL_EVERY_MS);
    if (outcome.error) deps.logger.warn({ publishId: row.id, accountId: row.accountId, errcode: outcome.error.errcode, code: outcome.error.code }, 'wechat publish status check failed');
    if (outcome.row.state !== 'submitted') {
      settled += 1;
      deps.logger.info({ publishId: row.id, accountId: row.accountId, state: outcome.row.state }, 'wechat publish settled');
    }
  }
  return settled;
}
