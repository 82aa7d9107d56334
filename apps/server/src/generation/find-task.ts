import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { type GenerationTaskRow, generationTasks } from './tables.js';

const TASK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The user's own task; undefined for a malformed id or anyone else's task. */
export async function findOwnTask(db: Db, userId: number, taskId: string): Promise<GenerationTaskRow | undefined> {
  if (!TASK_ID_PATTERN.test(taskId)) return undefined;
  const [task] = await db
    .select()
    .from(generationTasks)
    .where(and(eq(generationTasks.taskId, taskId), eq(generationTasks.userId, userId)));
  return task;
}
