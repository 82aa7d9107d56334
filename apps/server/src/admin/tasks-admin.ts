import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { holdCoinsInTx } from '../billing/coin-holds.js';
import type { EventBus } from '../generation/events.js';
import { failTask } from '../generation/fail-task.js';
import type { StoredRequest } from '../generation/stage-context.js';
import { STALE_AFTER_MS } from '../generation/sweep-tasks.js';
import { type GenerationTaskRow, generationTasks } from '../generation/tables.js';
import type { TaskQueue } from '../generation/task-runner.js';
import { type Db, queryRows } from '../platform/db/index.js';
import { AppError, badRequest, notFound } from '../platform/errors.js';
import { type AuditEntry, recordAudit } from './audit.js';

export const TASKS_PAGE_SIZE = 20;
/** The hold of a retried task lives as long as a new one's (create-task.ts). */
const HOLD_TTL_MS = 2 * 3600 * 1000;

export type TaskFilter = 'failed' | 'running' | 'stuck';

/**
 * Tasks an operator looks into: failed ones (newest first), running ones, or stuck ones (running
 * without a heartbeat for longer than a worker would stay silent), with their stage, error and
 * the model calls they made.
 */
export async function listTasks(db: Db, filter: TaskFilter, page: number, staleAfterMs = STALE_AFTER_MS) {
  const where: SQL | undefined =
    filter === 'failed'
      ? eq(generationTasks.status, 'error')
      : filter === 'running'
        ? inArray(generationTasks.status, ['queued', 'running'])
        : and(eq(generationTasks.status, 'running'), lt(generationTasks.heartbeatAt, new Date(Date.now() - staleAfterMs)));
  const [rows, [total]] = await Promise.all([
    db.select().from(generationTasks).where(where).orderBy(desc(generationTasks.updatedAt), desc(generationTasks.id)).limit(TASKS_PAGE_SIZE).offset((page - 1) * TASKS_PAGE_SIZE),
    db.select({ n: count() }).from(generationTasks).where(where),
  ]);
  const staleBefore = Date.now() - staleAfterMs;
  return {
    data: rows.map((row) => ({
      taskId: row.taskId,
      userId: row.userId,
      status: row.status,
      step: row.currentStep,
      error: row.error,
      topic: row.topic,
      attempts: row.attempts,
      stuck: row.status === 'running' && (row.heartbeatAt?.getTime() ?? 0) < staleBefore,
      modelCalls: modelCallsOf(row.usage),
      startedAt: row.startedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / TASKS_PAGE_SIZE)),
  };
}

/** The task's model calls per stage, from the usage it recorded (empty for the offline writer). */
function modelCallsOf(usage: unknown): { stage: string; calls: number; tokens: number }[] {
  const stages = (usage as { stages?: Record<string, { calls?: number; totalTokens?: number }> } | null)?.stages ?? {};
  return Object.entries(stages).map(([stage, value]) => ({ stage, calls: value.calls ?? 0, tokens: value.totalTokens ?? 0 }));
}

async function findTask(db: Db, taskId: string): Promise<GenerationTaskRow> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(taskId)) throw notFound('未找到该任务');
  const [task] = await db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)).limit(1);
  if (!task) throw notFound('未找到该任务');
  return task;
}

/**
 * Runs a failed task again for its user, as a new task with the same settings: its saved stages
 * belong to the old one, so the new one writes afresh; the user's coins are held again (the
 * failure gave them back) and the article appears in their list when it is done.
 */
export async function retryTask(deps: { db: Db; queue: TaskQueue }, operator: AuditEntry['operator'], taskId: string, reason: string) {
  const task = await findTask(deps.db, taskId);
  if (task.status !== 'error') throw new AppError('CONFLICT', '只能重试失败的任务');
  const newTaskId = randomBytes(12).toString('hex');
  const request = { ...(task.request as StoredRequest) };
  request.brief = { ...request.brief, variant: newTaskId };
  const created = await deps.db.transaction(async (tx) => {
    const hold = await holdCoinsInTx(tx, { userId: task.userId, amount: task.holdCoins, ref: newTaskId, ttlMs: HOLD_TTL_MS });
    if (!hold.ok) throw badRequest(`该用户余额不足 ${task.holdCoins} 币，无法重试`);
    const [row] = await tx
      .insert(generationTasks)
      .values({
        taskId: newTaskId,
        articleId: randomBytes(12).toString('hex'),
        userId: task.userId,
        advanced: task.advanced,
        topic: task.topic,
        request,
        holdCoins: task.holdCoins,
        details: { progress: 0, message: '任务已创建，等待开始' },
      })
      .returning();
    await recordAudit(tx, { operator, action: 'task.retry', target: `task:${task.taskId}`, before: { status: task.status, error: task.error }, after: { taskId: newTaskId }, reason });
    return row!;
  });
  await deps.queue.enqueue(created.taskId);
  return { taskId: created.taskId, articleId: created.articleId };
}

/** Ends a queued or running task as cancelled, giving its reserved coins back. */
export async function cancelTask(deps: { db: Db; bus: EventBus; queue: TaskQueue }, operator: AuditEntry['operator'], taskId: string, reason: string) {
  const task = await findTask(deps.db, taskId);
  if (task.status !== 'queued' && task.status !== 'running') throw new AppError('CONFLICT', '任务已结束，无法取消');
  const ended = await failTask(deps, task, '任务已被管理员取消', 'cancelled');
  if (!ended) throw new AppError('CONFLICT', '任务已结束，无法取消');
  await deps.queue.cancel(task.taskId);
  await recordAudit(deps.db, { operator, action: 'task.cancel', target: `task:${task.taskId}`, before: { status: task.status, step: task.currentStep }, after: { status: 'cancelled' }, reason });
}

/**
 * The work waiting, by kind, from the tables themselves (the queue holds only pointers to them):
 * article tasks queued and running, knowledge bases being built, WeChat publications due or
 * scheduled. The console shows it beside the queue's own depth.
 */
export async function workByKind(db: Db) {
  const [rows] = await queryRows<{ queued: string; running: string; building: string; due: string; scheduled: string }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM generation_tasks WHERE status = 'queued') AS queued,
          (SELECT count(*) FROM generation_tasks WHERE status = 'running') AS running,
          (SELECT count(*) FROM kb_sessions WHERE status = 'building') AS building,
          (SELECT count(*) FROM wechat_publications WHERE state = 'queued' AND scheduled_at <= now()) AS due,
          (SELECT count(*) FROM wechat_publications WHERE state = 'queued' AND scheduled_at > now()) AS scheduled`,
  );
  return {
    articles: { queued: Number(rows?.queued ?? 0), running: Number(rows?.running ?? 0) },
    knowledgeBuilds: { building: Number(rows?.building ?? 0) },
    wechatPublications: { due: Number(rows?.due ?? 0), scheduled: Number(rows?.scheduled ?? 0) },
  };
}
