import { and, eq, inArray } from 'drizzle-orm';
import { releaseHoldInTx } from '../billing/coin-holds.js';
import type { Db } from '../platform/db/index.js';
import type { EventBus } from './events.js';
import { writeProgress } from './progress.js';
import { type GenerationTaskRow, generationTasks } from './tables.js';

/**
 * Ends a task as failed (or cancelled): state, refund and the final error event, each once.
 * The executor, the sweeper and the cancel route all end tasks this way.
 */
export async function failTask(
  deps: { db: Db; bus: EventBus },
  task: Pick<GenerationTaskRow, 'id' | 'taskId' | 'articleId'>,
  message: string,
  status: 'error' | 'cancelled' = 'error',
): Promise<boolean> {
  const finalEvent = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(generationTasks)
      .set({ status, error: message, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(generationTasks.id, task.id), inArray(generationTasks.status, ['queued', 'running'])))
      .returning({ id: generationTasks.id });
    if (!row) return null;
    await releaseHoldInTx(tx, task.taskId, status === 'cancelled' ? '创作取消退回' : '创作失败退回');
    return writeProgress(tx, task, { currentStep: 'error', details: { error: message, message, article_id: task.articleId } }, { final: true });
  });
  if (!finalEvent) return false;
  await deps.bus.publish(task.taskId, finalEvent);
  return true;
}
