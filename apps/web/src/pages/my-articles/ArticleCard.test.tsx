import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { REPURPOSE_QUOTE_PATH } from '../../features/repurpose/repurpose-api';
import { MyArticlesPanel } from './MyArticlesPanel';
import { type ArticleListItem, articlePagePath } from './my-articles-api';

function article(n: number, overrides: Partial<ArticleListItem> = {}): ArticleListItem {
  return {
    id: n,
    deepspaceId: 7,
    title: `文章${n}`,
    summary: `摘要${n}`,
    articleId: `a${n}`,
    ossUrl: null,
    imageUrl: null,
    createTime: '2026-11-26T09:30:00.000Z',
    updateTime: '2026-11-26T09:30:00.000Z',
    repurposedFor: null,
    sourceArticleId: null,
    ...overrides,
  };
}

const PAGE_1 = articlePagePath(7, 1);
const page = (items: ArticleListItem[]) => () => jsonResponse({ success: true, data: items, page: 1, totalPages: 1, total: items.length });

function renderPanel() {
  const user = userEvent.setup();
  renderWithProviders(<MyArticlesPanel />, { path: '/my-articles', auth: fakeAuth({ user: sampleUser() }) });
  return { user };
}

const cards = () => screen.queryAllByTestId('article-card');

describe('ArticleCard 一稿多发', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("tags a repurposed article with its platform and source; the source's card shows nothing new", async () => {
    stubApi({
      [PAGE_1]: page([
        article(3, { title: '早起的五个好处✨', repurposedFor: 'xiaohongshu', sourceArticleId: 'a1' }),
        article(2, { title: '早起的好处·口播', repurposedFor: 'video_script', sourceArticleId: 'gone' }),
        article(1, { title: '早起的好处' }),
      ]),
    });
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [note, script, source] = cards();
    expect(within(note!).getByTestId('platform-tag')).toHaveTextContent('小红书');
    expect(within(note!).getByTestId('repurposed-from')).toHaveTextContent('源自《早起的好处》');
    expect(within(script!).getByTestId('platform-tag')).toHaveTextContent('短视频脚本');
    // A source not on the list is not fetched for a card.
    expect(within(script!).getByTestId('repurposed-from')).toHaveTextContent('源自另一篇文章');
    expect(within(source!).queryByTestId('platform-tag')).not.toBeInTheDocument();
    expect(within(source!).queryByTestId('repurposed-from')).not.toBeInTheDocument();
  });

  it('opens the 一稿多发 dialog from the ⋯ menu, for this article', async () => {
    stubApi({
      [PAGE_1]: page([article(1, { title: '早起的好处' })]),
      [REPURPOSE_QUOTE_PATH]: jsonResponse({ success: true, data: { coins: 23, balance: 300, enough: true } }),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '一稿多发' }));
    const dialog = await screen.findByRole('dialog', { name: '一稿多发' });
    expect(dialog).toHaveTextContent('把《早起的好处》改写成其他平台的版本');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(cards()[0]!).getByRole('button', { name: '更多操作' })).toHaveFocus());
  });

  it('refuses a sample with a hint and asks nothing of the server', async () => {
    const { calls } = stubApi({ [PAGE_1]: new TypeError('Failed to fetch') });
    const { user } = renderPanel();
    await screen.findByTestId('sample-notice');
    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '一稿多发' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('这是示例文章，仅供展示，无法一稿多发')).toBeInTheDocument());
    expect(calls).toHaveLength(1);
  });
});
