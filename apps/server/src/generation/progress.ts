import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import type { EventBus, ProgressEvent } from './events.js';
import { generationEvents, generationTasks } from './tables.js';

export interface ProgressUpdate {
  type?: ProgressEvent['type'];
  currentStep: string;
  details: Record<string, unknown>;
}

/**
 * Writes a progress event as the task's latest state and appends it to the task's events, in one
 * transaction (the sequence number comes from the row), then publishes it. Answers the event.
 */
export async function recordProgress(db: Db, bus: EventBus, task: { id: number; taskId: string }, update: ProgressUpdate): Promise<ProgressEvent> {
  const event = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(generationTasks)
      .set({
        eventSeq: sql`${generationTasks.eventSeq} + 1`,
        currentStep: update.currentStep,
        details: update.details,
        updatedAt: new Date(),
        heartbeatAt: new Date(),
      })
      .where(eq(generationTasks.id, task.id))
      .returning({ seq: generationTasks.eventSeq });
    const seq = row!.seq;
    const type = update.type ?? 'progress';
    await tx.insert(generationEvents).values({ taskId: task.id, seq, type, currentStep: update.currentStep, details: update.details });
    return { seq, type, currentStep: update.currentStep, details: update.details } satisfies ProgressEvent;
  });
  await bus.publish(task.taskId, event);
  return event;
}
