import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import type { EventBus, ProgressEvent } from './events.js';
import { generationEvents, generationTasks } from './tables.js';

export interface ProgressUpdate {
  type?: ProgressEvent['type'];
  currentStep: string;
  details: Record<string, unknown>;
}

/**
 * Writes a progress event as the task's latest state and appends it to the task's event log, in
 * the caller's transaction (the sequence number comes from the row). A non-final event is written
 * only while the task is still queued or running, so a worker that missed a cancellation cannot
 * write past the final event; it answers null then. `final` events are written by the transaction
 * that ends the task, together with its status and its coins.
 */
export async function writeProgress(
  tx: DbOrTx,
  task: { id: number },
  input: ProgressUpdate,
  options: { final?: boolean } = {},
): Promise<ProgressEvent | null> {
  // emittedAt (epoch ms) lets a client measure the delay from a stage change to its event (bench/generation.ts).
  const details = { ...input.details, emittedAt: Date.now() };
  const active = options.final ? eq(generationTasks.id, task.id) : and(eq(generationTasks.id, task.id), inArray(generationTasks.status, ['queued', 'running']));
  const [row] = await tx
    .update(generationTasks)
    .set({ eventSeq: sql`${generationTasks.eventSeq} + 1`, currentStep: input.currentStep, details, updatedAt: new Date(), heartbeatAt: new Date() })
    .where(active)
    .returning({ seq: generationTasks.eventSeq });
  if (!row) return null;
  const type = input.type ?? 'progress';
  await tx.insert(generationEvents).values({ taskId: task.id, seq: row.seq, type, currentStep: input.currentStep, details });
  return { seq: row.seq, type, currentStep: input.currentStep, details };
}

/** A non-final event in a transaction of its own, then published. Null when the task has ended. */
export async function recordProgress(db: Db, bus: EventBus, task: { id: number; taskId: string }, input: ProgressUpdate): Promise<ProgressEvent | null> {
  const event = await db.transaction((tx) => writeProgress(tx, task, input));
  if (event) await bus.publish(task.taskId, event);
  return event;
}
