import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { articlePagePath } from '../../pages/my-articles/my-articles-api';
import { ArticleOriginLine } from './ArticleOriginLine';

const item = (articleId: string, title: string, extra: Record<string, unknown> = {}) => ({
  id: articleId.length,
  deepspaceId: 7,
  title,
  summary: '',
  articleId,
  ossUrl: null,
  imageUrl: null,
  createTime: '2026-11-26T09:30:00.000Z',
  updateTime: '2026-11-26T09:30:00.000Z',
  ...extra,
});
const PAGE_1 = articlePagePath(7, 1);
const page = (items: unknown[]) => jsonResponse({ success: true, data: items, page: 1, totalPages: 1, total: items.length });

function renderLine(articleId: string) {
  renderWithProviders(<ArticleOriginLine articleId={articleId} />, { path: '/editor', auth: fakeAuth({ user: sampleUser({ deepspaceId: 7 }) }) });
}

describe('ArticleOriginLine', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the platform and links the source found on the first page, with no other call', async () => {
    const { calls } = stubApi({
      [PAGE_1]: page([item('n1', '早起的五个好处✨', { repurposedFor: 'xiaohongshu', sourceArticleId: 's1' }), item('s1', '早起的好处')]),
    });
    renderLine('n1');
    const line = await screen.findByTestId('article-origin');
    expect(line).toHaveTextContent('小红书笔记 · 由《早起的好处》改写');
    expect(screen.getByRole('link', { name: '早起的好处' })).toHaveAttribute('href', '/editor?articleId=s1&deepspaceId=7');
    expect(calls.map((call) => call.path)).toEqual([PAGE_1]);
  });

  it("reads the source's title when the source is not on the list", async () => {
    stubApi({
      [PAGE_1]: page([
        item('n2', '口播稿', { repurposedFor: 'video_script', sourceArticleId: 's2' }),
      ]),
      '/api/v1/articles/articles/s2?content_type=md': jsonResponse({ code: 0, status: 'success', article_id: 's2', title: '一篇较早的文章', content: '# 一篇较早的文章' }),
    });
    renderLine('n2');
    expect(await screen.findByTestId('article-origin')).toHaveTextContent('短视频脚本 (抖音/快手) · 由《一篇较早的文章》改写');
  });

  it('says the source was deleted when it is gone', async () => {
    stubApi({
      [PAGE_1]: page([item('n3', '回答', { repurposedFor: 'zhihu', sourceArticleId: 'deleted' })]),
      '/api/v1/articles/articles/deleted?content_type=md': jsonResponse({ status: 'error', code: 404, error: '文章不存在' }, { status: 404 }),
    });
    renderLine('n3');
    expect(await screen.findByTestId('article-origin')).toHaveTextContent('知乎回答 · 由已删除的文章改写');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing for an original article', async () => {
    const { calls } = stubApi({ [PAGE_1]: page([item('o1', '原创', { repurposedFor: null, sourceArticleId: null })]) });
    renderLine('o1');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('article-origin')).not.toBeInTheDocument();
  });
});
