import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { recordGenerationFailure } from '../platform/observability/metrics.js';
import type { EventBus } from './events.js';
import { failTask } from './fail-task.js';
import { generationTasks } from './tables.js';

/** A running task whose worker has not been heard from for this long has lost its worker. */
export const STALE_AFTER_MS = 2 * 60 * 1000;
/** Tries before a task whose workers keep vanishing is given up and refunded. */
export const MAX_ATTEMPTS = 3;
/** However it is going, a task running this long is ended and refunded. */
export const HARD_LIMIT_MS = 45 * 60 * 1000;

/**
 * How quickly a vanished worker's task is noticed and handed on, all derived from one setting
 * (GENERATION_STALE_AFTER_MS): a live worker beats several times per window, so one late beat
 * never looks like a death; the sweep and the requeue look four times per window, so a task
 * waits at most about 1.5 windows between its worker's death and a new worker.
 */
export function recoveryTiming(staleAfterMs = STALE_AFTER_MS) {
  const quarter = Math.max(500, Math.floor(staleAfterMs / 4));
  return {
    staleAfterMs,
    heartbeatMs: Math.min(10_000, Math.max(250, Math.floor(staleAfterMs / 6))),
    sweepEveryMs: Math.min(30_000, quarter),
    requeueEveryMs: Math.min(30_000, quarter),
    requeueAfterMs: Math.min(30_000, quarter),
  };
}

/**
 * The sweeper's part for generation: a task whose worker vanished goes back to the queue (its
 * saved stages make the retry cheap) or, after MAX_ATTEMPTS, ends as failed with its coins
 * refunded; so does any task past the hard limit. Answers how many tasks it touched.
 */
export async function sweepStaleTasks(deps: { db: Db; bus: EventBus; staleAfterMs?: number }, now = new Date()): Promise<number> {
  const staleBefore = new Date(now.getTime() - (deps.staleAfterMs ?? STALE_AFTER_MS));
  const tooOld = new Date(now.getTime() - HARD_LIMIT_MS);
  const stale = await deps.db
    .select()
    .from(generationTasks)
    .where(
      or(
        and(eq(generationTasks.status, 'running'), lt(generationTasks.heartbeatAt, staleBefore)),
        and(or(eq(generationTasks.status, 'running'), eq(generationTasks.status, 'queued')), lt(generationTasks.createdAt, tooOld)),
      ),
    )
    .limit(100);
  let touched = 0;
  for (const task of stale) {
    if (task.createdAt < tooOld) {
      if (await failTask(deps, task, '任务执行超时，已自动结束并退回金币')) {
        touched += 1;
        recordGenerationFailure('timeout');
      }
    } else if (task.attempts >= MAX_ATTEMPTS) {
      if (await failTask(deps, task, '生成服务多次中断，任务已结束并退回金币')) {
        touched += 1;
        recordGenerationFailure('abandoned');
      }
    } else {
      const [row] = await deps.db
        .update(generationTasks)
        .set({ status: 'queued', workerId: null, updatedAt: now })
        .where(and(eq(generationTasks.id, task.id), eq(generationTasks.status, 'running'), sql`${generationTasks.heartbeatAt} < ${staleBefore}`))
        .returning({ id: generationTasks.id });
      if (row) touched += 1;
    }
  }
  return touched;
}
