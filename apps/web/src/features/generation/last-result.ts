import type { GenerationRequest, TaskStorage } from './tracking-types';

/**
 * The last finished article, kept in localStorage so the preview survives a reload, a closed tab
 * or a visit to another page (issue 17): it is shown again until the user starts another run.
 * The article itself is fetched again by id (owner-only), so a different account never sees it.
 */

export const LAST_RESULT_KEY = 'tianma.generation.lastResult';

export interface LastResult {
  articleId: string;
  taskId: string | null;
  settings: GenerationRequest | null;
}

export function rememberLastResult(storage: TaskStorage, result: LastResult): void {
  try {
    storage.setItem(LAST_RESULT_KEY, JSON.stringify(result));
  } catch {
    // Storage full or blocked: a reload then starts idle.
  }
}

export function forgetLastResult(storage: TaskStorage): void {
  try {
    storage.removeItem(LAST_RESULT_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

export function lastResult(storage: TaskStorage): LastResult | null {
  let raw: string | null;
  try {
    raw = storage.getItem(LAST_RESULT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastResult> | null;
    if (!value || typeof value.articleId !== 'string' || !value.articleId) return null;
    return {
      articleId: value.articleId,
      taskId: typeof value.taskId === 'string' ? value.taskId : null,
      settings: value.settings && typeof value.settings === 'object' ? value.settings : null,
    };
  } catch {
    return null;
  }
}
