import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { holdCoinsInTx, releaseHoldInTx, settleHoldInTx } from '../billing/coin-holds.js';
import { businessLimit } from '../generation/create-task.js';
import type { Db } from '../platform/db/index.js';
import { type ArticleRevisionRow, articleRevisions } from './tables.js';

/** A hold outlives any action; the sweeper gives back one whose process died mid-stream. */
const HOLD_TTL_MS = 10 * 60_000;

export type RevisionBy = 'model' | 'rules';
export type RevisionEnd = 'done' | 'failed' | 'discarded';

export const newRevisionId = () => `rv_${randomBytes(12).toString('hex')}`;

/** How many actions the user started since `since` (the per-user rate, across processes). */
export async function revisionsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(articleRevisions)
    .where(and(eq(articleRevisions.userId, userId), gt(articleRevisions.createdAt, since)));
  return Number(row?.total ?? 0);
}

/**
 * Records a started action and, for a model's action, holds its most expensive outcome in the same
 * transaction: without the coins nothing is recorded and the caller gets 402 with code 1006.
 */
export async function openRevision(
  db: Db,
  input: { id: string; articleId: number; userId: number; action: string; by: RevisionBy; selectionChars: number; reserve: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(articleRevisions).values({
      id: input.id,
      articleId: input.articleId,
      userId: input.userId,
      action: input.action,
      by: input.by,
      selectionChars: input.selectionChars,
    });
    if (input.reserve <= 0) return;
    const hold = await holdCoinsInTx(tx, { userId: input.userId, amount: input.reserve, ref: input.id, ttlMs: HOLD_TTL_MS });
    if (!hold.ok) throw businessLimit(`余额不足：本次操作最多需要${input.reserve}币，请先充值`, 402);
  });
}

/**
 * Ends an action once: a charge settles the hold at `cost` (the rest comes back), no charge gives
 * the whole hold back. A second end of the same action changes nothing (answers false).
 */
export async function closeRevision(db: Db, id: string, end: { status: RevisionEnd; outputChars: number; cost: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(articleRevisions)
      .set({ status: end.status, outputChars: end.outputChars, cost: end.cost, finishedAt: new Date() })
      .where(and(eq(articleRevisions.id, id), eq(articleRevisions.status, 'streaming')))
      .returning({ id: articleRevisions.id });
    if (closed.length === 0) return false;
    if (end.cost > 0) await settleHoldInTx(tx, id, end.cost);
    else await releaseHoldInTx(tx, id, end.status === 'discarded' ? 'AI编辑取消退回' : 'AI编辑失败退回');
    return true;
  });
}

/** A finished action of this user on this article (a save that accepts it names it). */
export async function findFinishedRevision(db: Db, id: string, userId: number, articleId: number): Promise<ArticleRevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, id), eq(articleRevisions.userId, userId), eq(articleRevisions.articleId, articleId), eq(articleRevisions.status, 'done')))
    .limit(1);
  return row;
}
