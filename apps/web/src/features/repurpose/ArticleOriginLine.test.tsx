import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ArticleOriginLine } from './ArticleOriginLine';

const articlePath = (articleId: string) => `/api/v1/articles/articles/${articleId}?content_type=md`;
const answer = (articleId: string, title: string, extra: Record<string, unknown> = {}) =>
  jsonResponse({ code: 0, status: 'success', article_id: articleId, title, content: `# ${title}`, repurposed_for: null, source_article_id: null, ...extra });

function renderLine(articleId: string) {
  renderWithProviders(<ArticleOriginLine articleId={articleId} />, { path: '/editor', auth: fakeAuth({ user: sampleUser({ deepspaceId: 7 }) }) });
}

describe('ArticleOriginLine', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the platform and links the source, from the article’s own answer', async () => {
    const { calls } = stubApi({
      [articlePath('n1')]: answer('n1', '早起的五个好处✨', { repurposed_for: 'xiaohongshu', source_article_id: 's1' }),
      [articlePath('s1')]: answer('s1', '早起的好处'),
    });
    renderLine('n1');
    const line = await screen.findByTestId('article-origin');
    expect(line).toHaveTextContent('小红书笔记 · 由《早起的好处》改写');
    expect(screen.getByRole('link', { name: '早起的好处' })).toHaveAttribute('href', '/editor?articleId=s1&deepspaceId=7');
    expect(calls.map((call) => call.path)).toEqual([articlePath('n1'), articlePath('s1')]);
  });

  it('names a video script’s source however far down my articles it is', async () => {
    stubApi({
      [articlePath('n2')]: answer('n2', '口播稿', { repurposed_for: 'video_script', source_article_id: 's2' }),
      [articlePath('s2')]: answer('s2', '一篇较早的文章'),
    });
    renderLine('n2');
    expect(await screen.findByTestId('article-origin')).toHaveTextContent('短视频脚本 (抖音/快手) · 由《一篇较早的文章》改写');
  });

  it('says the source was deleted when it is gone', async () => {
    stubApi({
      [articlePath('n3')]: answer('n3', '回答', { repurposed_for: 'zhihu', source_article_id: 'deleted' }),
      [articlePath('deleted')]: jsonResponse({ status: 'error', code: 404, error: '文章不存在' }, { status: 404 }),
    });
    renderLine('n3');
    expect(await screen.findByTestId('article-origin')).toHaveTextContent('知乎回答 · 由已删除的文章改写');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing for an original article', async () => {
    const { calls } = stubApi({ [articlePath('o1')]: answer('o1', '原创') });
    renderLine('o1');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('article-origin')).not.toBeInTheDocument();
  });
});
