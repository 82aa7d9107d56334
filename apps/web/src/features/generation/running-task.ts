import type { GenerationRequest, TaskStorage } from './tracking-types';

/** The running task, kept in sessionStorage so a page reload picks it up again (tracker.resume). */

export const RUNNING_TASK_KEY = 'tianma.generation.runningTask';

export interface RunningTask {
  taskId: string;
  articleId: string | null;
  settings: GenerationRequest | null;
}

export function rememberRunningTask(storage: TaskStorage, task: RunningTask): void {
  try {
    storage.setItem(RUNNING_TASK_KEY, JSON.stringify(task));
  } catch {
    // Storage full or blocked: a reload then simply starts idle.
  }
}

export function forgetRunningTask(storage: TaskStorage): void {
  try {
    storage.removeItem(RUNNING_TASK_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

export function runningTask(storage: TaskStorage): RunningTask | null {
  let raw: string | null;
  try {
    raw = storage.getItem(RUNNING_TASK_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RunningTask> | null;
    if (!value || typeof value.taskId !== 'string' || !value.taskId) return null;
    return {
      taskId: value.taskId,
      articleId: typeof value.articleId === 'string' ? value.articleId : null,
      settings: value.settings && typeof value.settings === 'object' ? value.settings : null,
    };
  } catch {
    return null;
  }
}
