import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_RESULT_KEY, lastResult, rememberLastResult } from './last-result';
import { harness, MemoryStorage, progress, REQUEST, startTracking } from './tracking-fakes';
import type { ArticleResponse } from './tracking-types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the last finished article (issue 17: the preview survives a reload or a visit elsewhere)', () => {
  it('is remembered once the article shows, and dropped when the user starts another', async () => {
    const resultStorage = new MemoryStorage();
    const h = harness({ resultStorage });
    await startTracking(h);
    expect(lastResult(resultStorage)).toBeNull();
    h.stream().emit(progress('completed', { progress: 100 }), 9);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state()).toMatchObject({ status: 'completed', article: '# 文章' });
    expect(lastResult(resultStorage)).toEqual({ articleId: 'a1', taskId: 't1', settings: REQUEST });

    // Still there after the tracking closed (2 s after the final state).
    await vi.advanceTimersByTimeAsync(5000);
    expect(lastResult(resultStorage)?.articleId).toBe('a1');

    await h.tracker.start(REQUEST);
    expect(lastResult(resultStorage)).toBeNull();
  });

  it('restores a finished article by fetching it again: completed, with its settings', async () => {
    const resultStorage = new MemoryStorage();
    rememberLastResult(resultStorage, { articleId: 'a7', taskId: 't7', settings: REQUEST });
    const h = harness({ resultStorage });
    h.tracker.restore(lastResult(resultStorage)!);
    expect(h.state()).toMatchObject({ status: 'completed', articleId: 'a7', isLoading: true, article: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.deps.fetchArticle).toHaveBeenCalledWith('a7', 'md');
    expect(h.state()).toMatchObject({ status: 'completed', articleId: 'a7', taskId: 't7', article: '# 文章', isLoading: false, lastSettings: REQUEST });
    expect(h.deps.openStream).not.toHaveBeenCalled();
    expect(h.toast).not.toHaveBeenCalled();
    expect(lastResult(resultStorage)?.articleId).toBe('a7');
  });

  it('goes idle silently and forgets the record when the article cannot be fetched (deleted, another account)', async () => {
    for (const fetchArticle of [
      vi.fn(async (): Promise<ArticleResponse> => ({ code: 'NOT_FOUND', status: 'error', message: '文章不存在' })),
      vi.fn(async (): Promise<ArticleResponse> => {
        throw new Error('401');
      }),
    ]) {
      const resultStorage = new MemoryStorage();
      rememberLastResult(resultStorage, { articleId: 'a7', taskId: null, settings: null });
      const h = harness({ resultStorage, fetchArticle });
      h.tracker.restore({ articleId: 'a7' });
      await vi.advanceTimersByTimeAsync(0);
      expect(h.state()).toMatchObject({ status: 'idle', article: null, articleId: null });
      expect(h.toast).not.toHaveBeenCalled();
      expect(resultStorage.getItem(LAST_RESULT_KEY)).toBeNull();
    }
  });

  it('reads only a well-formed record', () => {
    const storage = new MemoryStorage();
    storage.setItem(LAST_RESULT_KEY, '{bad json');
    expect(lastResult(storage)).toBeNull();
    storage.setItem(LAST_RESULT_KEY, JSON.stringify({ articleId: '' }));
    expect(lastResult(storage)).toBeNull();
    storage.setItem(LAST_RESULT_KEY, JSON.stringify({ articleId: 'a1', taskId: 3, settings: 'x' }));
    expect(lastResult(storage)).toEqual({ articleId: 'a1', taskId: null, settings: null });
  });
});
