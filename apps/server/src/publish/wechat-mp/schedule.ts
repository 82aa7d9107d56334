import { randomBytes } from 'node:crypto';
import type { WechatThemeId } from '@tianma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findOwnArticle } from '../../articles/owner-articles.js';
import type { TaskQueue } from '../../generation/task-runner.js';
import { queryRows } from '../../platform/db/index.js';
import { DraftInputError } from './prepare-draft.js';
import { type PublishDeps, loadOwnAccount, publishToDraftBox } from './publish.js';
import { type WechatPublicationRow, wechatPublications } from './tables.js';
import { WechatImageError } from './wechat-image.js';

/*
 * Scheduled publishing (issue 20 point 4, decision 076). The request checks the time, the limits
 * and the cover, and stores a `queued` row with its scheduled_at and options. A periodic sweep on
 * the worker claims the due rows (one UPDATE over FOR UPDATE SKIP LOCKED that counts the attempt
 * and takes a lease, so two processes never both win a row) and hands each to the job queue as a
 * `wechat-publish` job, whose handler runs the same publishToDraftBox on that row. A run that
 * crashed leaves the row `queued`: after the lease it is claimed again, at most MAX_ATTEMPTS times;
 * one that met WeChat busy, over quota or unreachable is put back, due RETRY_AFTER_MS later.
 */

export const WECHAT_PUBLISH_JOB = 'wechat-publish';
export const SCHEDULE_SWEEP_EVERY_MS = 15_000;
/** How long a claimed run may take before it is thought crashed and claimed again. */
export const RUN_LEASE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;
/** After WeChat was busy, over quota or unreachable. */
export const RETRY_AFTER_MS = 5 * 60_000;

export interface QueueInput {
  userId: number;
  articleId: string;
  accountId: string;
  theme: WechatThemeId;
  author?: string | null;
  digest?: string | null;
  submit: boolean;
  scheduledAt: Date;
}

export async function queuePublication(deps: Pick<PublishDeps, 'db'>, input: QueueInput): Promise<WechatPublicationRow> {
  const id = `wxp_${randomBytes(12).toString('hex')}`;
  const [row] = await deps.db
    .insert(wechatPublications)
    .values({ id, ...input, author: input.author ?? null, digest: input.digest ?? null, state: 'queued' })
    .returning();
  return row!;
}

/** A queued row is being run when it was claimed (attempts > 0) less than the lease ago. */
export const isRunning = (row: Pick<WechatPublicationRow, 'state' | 'attempts' | 'updatedAt'>, now = new Date()) =>
  row.state === 'queued' && row.attempts > 0 && row.updatedAt.getTime() > now.getTime() - RUN_LEASE_MS;

/** Cancels a queued publication not being run (deletes its row). */
export async function cancelQueued(deps: Pick<PublishDeps, 'db'>, userId: number, publishId: string, now = new Date()): Promise<'cancelled' | 'gone' | 'running' | 'late'> {
  const leaseStart = new Date(now.getTime() - RUN_LEASE_MS);
  const deleted = await deps.db
    .delete(wechatPublications)
    .where(
      and(
        eq(wechatPublications.id, publishId),
        eq(wechatPublications.userId, userId),
        eq(wechatPublications.state, 'queued'),
        sql`(${wechatPublications.attempts} = 0 OR ${wechatPublications.updatedAt} <= ${leaseStart.toISOString()})`,
      ),
    )
    .returning({ id: wechatPublications.id });
  if (deleted.length > 0) return 'cancelled';
  const [row] = await deps.db
    .select()
    .from(wechatPublications)
    .where(and(eq(wechatPublications.id, publishId), eq(wechatPublications.userId, userId)))
    .limit(1);
  if (!row) return 'gone';
  return row.state === 'queued' ? 'running' : 'late';
}

export interface SweepDeps {
  db: PublishDeps['db'];
  queue: Pick<TaskQueue, 'submit'>;
  logger: Logger;
}

/** Gives up on due rows whose every attempt crashed; claims the others and hands them to the queue. Answers how many were handed on. */
export async function sweepDuePublications(deps: SweepDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const leaseStart = new Date(now.getTime() - RUN_LEASE_MS).toISOString();
  await deps.db
    .update(wechatPublications)
    .set({ state: 'failed', message: `定时发布尝试了 ${MAX_ATTEMPTS} 次仍未完成，已停止；请检查文章和公众号后重新发布`, updatedAt: now })
    .where(
      and(
        eq(wechatPublications.state, 'queued'),
        sql`${wechatPublications.attempts} >= ${MAX_ATTEMPTS} AND ${wechatPublications.updatedAt} <= ${leaseStart} AND ${wechatPublications.scheduledAt} <= ${at}`,
      ),
    );
  const claimed = await queryRows<{ id: string }>(
    deps.db,
    sql`UPDATE ${wechatPublications}
        SET attempts = attempts + 1, updated_at = ${at}
        WHERE id IN (
          SELECT id FROM ${wechatPublications}
          WHERE state = 'queued' AND scheduled_at <= ${at} AND attempts < ${MAX_ATTEMPTS}
            AND (attempts = 0 OR updated_at <= ${leaseStart})
          ORDER BY scheduled_at LIMIT 10 FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  let handed = 0;
  for (const { id } of claimed) {
    try {
      await deps.queue.submit(WECHAT_PUBLISH_JOB, id);
      handed += 1;
    } catch (error) {
      // The lease runs out and the next sweep claims it again.
      deps.logger.error({ err: error, publishId: id }, 'scheduled wechat publish could not be queued');
    }
  }
  return handed;
}

/** The `wechat-publish` job: runs a claimed queued publication; every end is written to its row. */
export async function runQueuedPublication(deps: PublishDeps & { logger: Logger }, publishId: string): Promise<void> {
  const [row] = await deps.db.select().from(wechatPublications).where(eq(wechatPublications.id, publishId)).limit(1);
  // Cancelled, or already run (a redelivered job).
  if (row?.state !== 'queued') return;
  const fail = async (message: string) => {
    await deps.db
      .update(wechatPublications)
      .set({ state: 'failed', message, updatedAt: new Date() })
      .where(and(eq(wechatPublications.id, row.id), eq(wechatPublications.state, 'queued')));
    deps.logger.info({ publishId: row.id, accountId: row.accountId }, 'scheduled wechat publish refused');
  };
  const article = await findOwnArticle(deps.db, row.userId, row.articleId);
  if (!article) return fail('文章已被删除，定时发布未执行');
  const account = await loadOwnAccount(deps, row.userId, row.accountId);
  if (!account) return fail('公众号已解绑（或需要重新绑定），定时发布未执行；请重新绑定后再发布');
  try {
    const outcome = await publishToDraftBox(deps, account, {
      userId: row.userId,
      article,
      accountId: account.accountId,
      theme: row.theme as WechatThemeId,
      author: row.author,
      digest: row.digest,
      submit: row.submit,
      publicationId: row.id,
      // The last attempt fails for good; earlier ones try again a few minutes later.
      ...(row.attempts < MAX_ATTEMPTS ? { retryAt: new Date(Date.now() + RETRY_AFTER_MS), leaseMs: RUN_LEASE_MS } : {}),
    });
    const { publication, error } = outcome;
    const who = { userId: row.userId, articleId: row.articleId, accountId: account.accountId, appId: account.appId, publishId: row.id };
    if (error) deps.logger.warn({ ...who, errcode: error.errcode, code: error.code, state: publication.state }, publication.state === 'queued' ? 'scheduled wechat publish will retry' : 'scheduled wechat publish failed');
    else deps.logger.info({ ...who, mediaId: publication.mediaId, state: publication.state }, 'scheduled wechat publish done');
  } catch (error) {
    // The article changed since it was scheduled: what the user must fix, as at once.
    if (error instanceof DraftInputError || error instanceof WechatImageError) return fail(`定时发布未执行：${error.message}`);
    throw error;
  }
}
