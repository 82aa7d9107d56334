import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MyArticlesPanel, SAMPLE_NOTICE, SAMPLE_SHARE_HINT } from './MyArticlesPanel';
import { type ArticleListItem, articlePagePath, articlePath, articleVisibilityPath } from './my-articles-api';
import { SAMPLE_ARTICLES } from './sample-articles';

function article(n: number, overrides: Partial<ArticleListItem> = {}): ArticleListItem {
  return {
    id: n,
    deepspaceId: 7,
    title: `文章${n}`,
    summary: `摘要${n}`,
    articleId: `a${n}`,
    ossUrl: null,
    imageUrl: null,
    createTime: '2025-06-18T09:30:00.000Z',
    updateTime: '2025-06-18T09:30:00.000Z',
    ...overrides,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => article(from + i));

function pageAnswer(items: ArticleListItem[], page: number, totalPages: number) {
  return () => jsonResponse({ success: true, data: items, page, totalPages, total: items.length });
}

const PAGE_1 = articlePagePath(7, 1);
const PAGE_2 = articlePagePath(7, 2);

function renderPanel(auth = fakeAuth({ user: sampleUser() })) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<MyArticlesPanel />, { path: '/my-articles', auth });
  return { user, ...rendered };
}

const cards = () => screen.queryAllByTestId('article-card');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading').textContent);
const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .filter((node) => node.hasAttribute('data-kind'))
    .map((node) => node.textContent);

describe('MyArticlesPanel', () => {
  let openSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('numbers the versions of a topic written more than once, and only those', async () => {
    stubApi({
      [PAGE_1]: pageAnswer(
        [
          article(3, { topic: '如何高效学习', version: 2, versions: 2 }),
          article(2, { topic: '咖啡的冲煮方法', version: 1, versions: 1 }),
          article(1, { topic: '如何高效学习', version: 1, versions: 2 }),
          article(0),
        ],
        1,
        1,
      ),
    });
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(4));
    const badges = cards().map((card) => within(card).queryByTestId('version-badge'));
    expect(badges[0]).toHaveTextContent('第 2 版，共 2 版');
    expect(badges[0]).toHaveAttribute('title', '同一主题共 2 版：如何高效学习');
    expect(badges[1]).toBeNull();
    expect(badges[2]).toHaveTextContent('第 1 版，共 2 版');
    expect(badges[3]).toBeNull();
  });

  it('shows a spinner, then the first page; 加载更多 appends the next and disappears on the last page', async () => {
    let releasePage2: (() => void) | undefined;
    const { calls } = stubApi({ [PAGE_1]: pageAnswer(range(1, 8), 1, 2) });
    const fetchMock = vi.mocked(fetch);
    const answerTable = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== PAGE_2) return answerTable(input, init);
      calls.push({ path: PAGE_2, method: 'GET', body: undefined });
      await new Promise<void>((resolve) => {
        releasePage2 = resolve;
      });
      return pageAnswer(range(9, 12), 2, 2)();
    });
    const { user } = renderPanel();

    expect(screen.getByRole('status')).toHaveTextContent('正在加载文章...');
    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(cardTitles().slice(0, 2)).toEqual(['文章1', '文章2']);

    const more = screen.getByTestId('load-more');
    expect(more).toHaveTextContent('加载更多');
    await user.click(more);
    expect(more).toHaveTextContent('加载中...');
    expect(more).toBeDisabled();
    releasePage2?.();

    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(cardTitles().at(-1)).toBe('文章12');
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([PAGE_1, PAGE_2]);
    expect(screen.queryByTestId('sample-notice')).not.toBeInTheDocument();
  });

  it('has no 加载更多 when everything fits on one page', async () => {
    stubApi({ [PAGE_1]: pageAnswer(range(1, 3), 1, 1) });
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('applies the title and summary fallbacks and shows image, placeholder and date', async () => {
    stubApi({
      [PAGE_1]: pageAnswer(
        [
          article(1, { title: '', summary: '这是一篇关于咖啡烘焙的入门指南，讲清楚火候。' }),
          article(2, { title: ' ', summary: '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十多出来的字' }),
          article(3, { title: '', summary: '' }),
          article(4, { title: '有图的文章', imageUrl: 'https://img.example.com/4.png' }),
        ],
        1,
        1,
      ),
    });
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(4));

    expect(cardTitles()).toEqual(['咖啡烘焙', '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十...', '无标题', '有图的文章']);
    const [first, , third, fourth] = cards();
    expect(within(third!).getByText('暂无摘要')).toBeInTheDocument();
    expect(within(first!).getByText('这是一篇关于咖啡烘焙的入门指南，讲清楚火候。')).toHaveClass('line-clamp-3');
    expect(within(first!).getByText('2025/06/18')).toBeInTheDocument();

    expect(within(first!).getByTestId('image-placeholder')).toBeInTheDocument();
    const image = fourth!.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://img.example.com/4.png');
    // The cover fills a 16:9 frame (cropped, never letterboxed), whatever its own shape.
    expect(within(fourth!).getByTestId('article-cover')).toHaveClass('aspect-video', 'overflow-hidden');
    expect(image).toHaveClass('size-full', 'object-cover', 'object-left');
    expect(image).not.toHaveClass('object-contain');
    fireEvent.error(image!);
    expect(fourth!.querySelector('img')).toBeNull();
    expect(within(fourth!).getByTestId('image-placeholder')).toBeInTheDocument();
  });

  it('shows the empty state with a link to /create', async () => {
    stubApi({ [PAGE_1]: pageAnswer([], 1, 0) });
    renderPanel();
    expect(await screen.findByText('还没有创作，开始你的第一篇吧')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开始创作' })).toHaveAttribute('href', '/create');
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('falls back to the samples (4, then 2) with the HTTP error when the list fails', async () => {
    const { calls } = stubApi({
      [PAGE_1]: () => new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    });
    const { user } = renderPanel();

    const notice = await screen.findByTestId('sample-notice');
    expect(notice).toHaveTextContent(SAMPLE_NOTICE);
    expect(notice).toHaveTextContent('HTTP 500: Internal Server Error');
    expect(cardTitles()).toEqual(SAMPLE_ARTICLES.slice(0, 4).map((item) => item.title));

    await user.click(screen.getByTestId('load-more'));
    expect(cardTitles()).toEqual(SAMPLE_ARTICLES.map((item) => item.title));
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
    // The samples' second page does not ask the server again.
    expect(calls).toHaveLength(1);
  });

  it('uses the samples on a network error too, and sample cards neither open nor delete', async () => {
    stubApi({ [PAGE_1]: new TypeError('Failed to fetch') });
    const { user } = renderPanel();
    expect(await screen.findByTestId('sample-notice')).toHaveTextContent('网络错误，请稍后重试');

    await user.click(within(cards()[0]!).getByRole('button', { name: /职场新人/ }));
    expect(openSpy).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['这是示例文章，仅供展示，无法编辑或删除']);

    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toastTexts()).toHaveLength(2);
  });

  it('asks for the fallback user 12345 without a deepspaceId, and shows the 403 as sample data', async () => {
    const { calls } = stubApi({
      [articlePagePath(12345, 1)]: () => jsonResponse({ success: false, message: '无权访问' }, { status: 403, statusText: 'Forbidden' }),
    });
    renderPanel(fakeAuth({ user: null }));
    expect(await screen.findByTestId('sample-notice')).toHaveTextContent('HTTP 403: Forbidden');
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/articles/user/12345/page?page=1&size=8']);
  });

  it('keeps the real list when a later page fails, and says why', async () => {
    stubApi({
      [PAGE_1]: pageAnswer(range(1, 8), 1, 2),
      [PAGE_2]: () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(toastTexts()).toEqual(['HTTP 502: Bad Gateway']));
    expect(cards()).toHaveLength(8);
    expect(screen.getByTestId('load-more')).toHaveTextContent('加载更多');
    expect(screen.queryByTestId('sample-notice')).not.toBeInTheDocument();
  });

  it('opens the editor in a new tab, and only warns when the article id is missing', async () => {
    stubApi({ [PAGE_1]: pageAnswer([article(1), article(2, { articleId: '' })], 1, 1) });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));

    await user.click(within(cards()[0]!).getByRole('button', { name: /文章1/ }));
    expect(openSpy).toHaveBeenCalledWith('/editor?articleId=a1&deepspaceId=7', '_blank', 'noopener,noreferrer');

    await user.click(within(cards()[1]!).getByRole('button', { name: /文章2/ }));
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toEqual(['文章ID缺失，无法打开编辑器']);
  });

  it('deletes a card only after confirmation; 取消 keeps it; the list is then read again', async () => {
    let stored = range(1, 3);
    const { calls } = stubApi({
      [PAGE_1]: () => pageAnswer(stored, 1, 1)(),
      [articlePath('a2')]: () => {
        stored = stored.filter((item) => item.articleId !== 'a2');
        return jsonResponse({ success: true, message: '删除成功' });
      },
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.click(within(cards()[1]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    let dialog = screen.getByRole('dialog', { name: '确认删除' });
    expect(dialog).toHaveTextContent('确认删除《文章2》吗？删除后无法恢复。');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(cards()[1]!).getByRole('button', { name: '更多操作' })).toHaveFocus();
    expect(cards()).toHaveLength(3);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(cards()[1]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    dialog = screen.getByRole('dialog', { name: '确认删除' });
    await user.click(within(dialog).getByRole('button', { name: '删除' }));

    await waitFor(() => expect(cardTitles()).toEqual(['文章1', '文章3']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['文章已删除']);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/v1/article/a2']);
    // The delete invalidates the list: the pages after the article have moved up.
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${PAGE_1}`, 'DELETE /api/v1/article/a2', `GET ${PAGE_1}`]));
    expect(cardTitles()).toEqual(['文章1', '文章3']);
  });

  it('after a delete, 加载更多 asks for the page that now follows the first', async () => {
    let stored = range(1, 12);
    const pageOf = (page: number) => () => pageAnswer(stored.slice((page - 1) * 8, page * 8), page, Math.ceil(stored.length / 8))();
    const { calls } = stubApi({
      [PAGE_1]: pageOf(1),
      [PAGE_2]: pageOf(2),
      [articlePath('a3')]: () => {
        stored = stored.filter((item) => item.articleId !== 'a3');
        return jsonResponse({ success: true, message: '删除成功' });
      },
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(8));
    await user.click(within(cards()[2]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    await user.click(within(screen.getByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '删除' }));
    // Read again: 文章9 has moved up onto the first page.
    await waitFor(() => expect(cardTitles()).toEqual(['文章1', '文章2', '文章4', '文章5', '文章6', '文章7', '文章8', '文章9']));

    await user.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(cards()).toHaveLength(11));
    expect(cardTitles().slice(-3)).toEqual(['文章10', '文章11', '文章12']);
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual([PAGE_1, PAGE_1, PAGE_2]);
  });

  it('keeps the card and shows the server message when deleting fails', async () => {
    stubApi({
      [PAGE_1]: pageAnswer(range(1, 2), 1, 1),
      [articlePath('a1')]: () => jsonResponse({ success: false, message: '文章不存在或已删除' }, { status: 404 }),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '删除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '删除' }));

    await waitFor(() => expect(toastTexts()).toEqual(['文章不存在或已删除']));
    expect(cards()).toHaveLength(2);
  });

  it('closes the ⋯ menu with Escape', async () => {
    stubApi({ [PAGE_1]: pageAnswer(range(1, 1), 1, 1) });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const menuButton = screen.getByRole('button', { name: '更多操作' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton).toHaveFocus());
  });
});

describe('MyArticlesPanel sharing', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    // A desktop: the share button opens the QR dialog.
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: (query: string) => ({ matches: false, media: query }) });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const textAnswer = (text: string) => () => new Response(text, { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const shareButtonOf = (card: HTMLElement) => within(card).getByTestId('share-button');

  it('fetches the full text with credentials before sharing, then shows the QR dialog', async () => {
    const { calls, fetchMock } = stubApi({
      [PAGE_1]: pageAnswer(range(1, 2), 1, 1),
      [articlePath('a1')]: textAnswer('# 文章1\n\n正文'),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(shareButtonOf(cards()[0]!));

    const dialog = await screen.findByTestId('share-qr-dialog');
    expect(within(dialog).getByTestId('share-link')).toHaveTextContent(`${window.location.origin}/shared/article/a1`);
    expect(calls.map((call) => call.path)).toEqual([PAGE_1, '/api/v1/article/a1']);
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('says why when the full text cannot be fetched', async () => {
    stubApi({ [PAGE_1]: pageAnswer(range(1, 1), 1, 1), [articlePath('a1')]: new TypeError('Failed to fetch') });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(shareButtonOf(cards()[0]!));
    await waitFor(() => expect(toastTexts()).toEqual(['网络连接异常，请检查网络后重试']));
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
  });

  it('refuses to share or change a sample with an info toast', async () => {
    const { calls } = stubApi({ [PAGE_1]: new TypeError('Failed to fetch') });
    const { user } = renderPanel();
    await screen.findByTestId('sample-notice');
    await user.click(shareButtonOf(cards()[0]!));
    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '关闭公开访问' }));
    expect(toastTexts()).toEqual([SAMPLE_SHARE_HINT, SAMPLE_SHARE_HINT]);
    expect(screen.queryByTestId('share-qr-dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("turns public access off and on from the ⋯ menu, with the server's message", async () => {
    let isPublic = true;
    const { calls } = stubApi({
      [PAGE_1]: pageAnswer([article(1), article(2)], 1, 1),
      [articleVisibilityPath('a1')]: () => {
        isPublic = !isPublic;
        return jsonResponse({ success: true, isPublic, message: isPublic ? '已开启公开访问，任何拿到链接的人都可以阅读' : '已关闭公开访问，分享链接将无法打开' });
      },
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(within(cards()[0]!).queryByTestId('private-badge')).not.toBeInTheDocument();

    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '关闭公开访问' }));
    await waitFor(() => expect(toastTexts()).toEqual(['已关闭公开访问，分享链接将无法打开']));
    expect(within(cards()[0]!).getByTestId('private-badge')).toHaveTextContent('未公开');
    expect(within(cards()[1]!).queryByTestId('private-badge')).not.toBeInTheDocument();

    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '开启公开访问' }));
    await waitFor(() => expect(toastTexts()).toContain('已开启公开访问，任何拿到链接的人都可以阅读'));
    expect(within(cards()[0]!).queryByTestId('private-badge')).not.toBeInTheDocument();

    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/v1/article/a1/visibility', { isPublic: false }],
      ['/api/v1/article/a1/visibility', { isPublic: true }],
    ]);
  });

  it('keeps the card as it was when the change fails', async () => {
    stubApi({
      [PAGE_1]: pageAnswer([article(1)], 1, 1),
      [articleVisibilityPath('a1')]: () => jsonResponse({ success: false, message: '未找到文章' }, { status: 404 }),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(within(cards()[0]!).getByRole('button', { name: '更多操作' }));
    await user.click(screen.getByRole('menuitem', { name: '关闭公开访问' }));
    await waitFor(() => expect(toastTexts()).toEqual(['未找到文章']));
    expect(within(cards()[0]!).queryByTestId('private-badge')).not.toBeInTheDocument();
  });

  it('warns that a private article shows 未找到文章 to others, and turns it on from the dialog', async () => {
    const { calls } = stubApi({
      [PAGE_1]: pageAnswer([article(1, { isPublic: false })], 1, 1),
      [articleVisibilityPath('a1')]: () => jsonResponse({ success: true, isPublic: true, message: '已开启公开访问，任何拿到链接的人都可以阅读' }),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByTestId('private-badge')).toBeInTheDocument();
    await user.click(shareButtonOf(cards()[0]!));

    const dialog = screen.getByTestId('share-qr-dialog');
    expect(within(dialog).getByTestId('share-private-notice')).toHaveTextContent('该文章未公开，其他人打开链接将看到“未找到文章”');
    // No full text is fetched for the warning.
    expect(calls.map((call) => call.path)).toEqual([PAGE_1]);

    await user.click(within(dialog).getByRole('button', { name: '开启公开访问' }));
    await waitFor(() => expect(within(dialog).queryByTestId('share-private-notice')).not.toBeInTheDocument());
    expect(toastTexts()).toEqual(['已开启公开访问，任何拿到链接的人都可以阅读']);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ isPublic: true }]);
    expect(within(cards()[0]!).queryByTestId('private-badge')).not.toBeInTheDocument();
  });
});

describe('MyArticlesPanel word counts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the stored 字数 (the one rule's count) as the preview and the editor write it", async () => {
    stubApi({ [PAGE_1]: pageAnswer([article(1, { wordCount: 2241 }), article(2)], 1, 1) });
    renderPanel();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(within(first!).getByTestId('article-card-word-count')).toHaveTextContent('2,241 字');
    expect(within(second!).queryByTestId('article-card-word-count')).not.toBeInTheDocument();
  });
});
