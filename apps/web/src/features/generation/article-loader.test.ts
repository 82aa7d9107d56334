import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readArticleMeta } from './article-loader';
import { flush, harness, progress, startTracking } from './tracking-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('article metadata', () => {
  it('keeps the fetch answer’s title, offline flag, word count and creation time', async () => {
    const fetchArticle = vi.fn(async (id: string) => ({
      code: 0,
      status: 'success',
      content: '# 标题\n\n正文',
      article_id: id,
      title: '标题',
      written_by: 'offline-composer',
      offline: true,
      word_count: 1234,
      created_at: '2024-05-01T08:30:00.000Z',
    }));
    const h = harness({ fetchArticle });
    const stream = await startTracking(h);
    expect(h.state().articleMeta).toBeNull();
    stream.emit(progress('completed'));
    await flush();
    expect(h.state().articleMeta).toEqual({ title: '标题', offline: true, wordCount: 1234, createdAt: '2024-05-01T08:30:00.000Z' });

    // A new run resets it together with the article.
    await h.tracker.regenerate();
    expect(h.state()).toMatchObject({ article: null, articleMeta: null });
    h.tracker.dispose();
  });

  it('has no metadata when the content came inline with the completed event', async () => {
    const h = harness();
    const stream = await startTracking(h);
    stream.emit(progress('completed', { content: '# 内联' }));
    expect(h.state()).toMatchObject({ article: '# 内联', articleMeta: null });
    expect(h.deps.fetchArticle).not.toHaveBeenCalled();
    h.tracker.dispose();
  });

  it('reads missing or malformed fields as absent, offline only when exactly true', () => {
    expect(readArticleMeta({ code: 0, status: 'success', content: 'x' })).toEqual({ offline: false });
    expect(
      readArticleMeta({ offline: 'yes' as unknown as boolean, word_count: Number.NaN, created_at: '不是日期', title: '  ' }),
    ).toEqual({ offline: false });
    expect(readArticleMeta({ offline: false, word_count: 0, created_at: '2024-01-02T03:04:05Z' })).toEqual({
      offline: false,
      wordCount: 0,
      createdAt: '2024-01-02T03:04:05Z',
    });
  });
});
