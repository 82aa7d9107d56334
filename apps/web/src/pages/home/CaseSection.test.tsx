import { SHOWCASE_CASES } from '@tianma/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CASE_PLACEHOLDER_IMAGE } from './case-articles';
import { CaseSection } from './CaseSection';

const [first, second, third, fourth] = SHOWCASE_CASES;

function article(n: number) {
  return { success: true, data: { title: `案例标题${n}`, summary: `案例摘要${n}`, imageUrl: `/images/cases/case-${n}.svg` } };
}

/** Answers each case's request by its article id; unlisted ids get a normal article. */
function stubCaseApi(answers: Partial<Record<string, () => Response>> = {}) {
  const fetchMock = vi.fn(async (path: string) => {
    const index = SHOWCASE_CASES.findIndex((c) => path.endsWith(`/${c.articleId}`));
    const showcase = SHOWCASE_CASES[index];
    if (!showcase) throw new Error(`unexpected request ${path}`);
    return answers[showcase.articleId]?.() ?? jsonResponse(article(index + 1));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function cardOf(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('li');
  if (!card) throw new Error(`no card for ${title}`);
  return card;
}

const NOTICE_PREFIX = '部分案例数据加载失败，已显示默认内容';

describe('CaseSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows four busy placeholders, requests all four articles at once, then the cards', async () => {
    const pending: ((response: Response) => void)[] = [];
    const fetchMock = vi.fn((_path: string) => new Promise<Response>((resolve) => pending.push(resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(<CaseSection />);

    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(4);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(
      SHOWCASE_CASES.map((c) => `/deepspaceasset/deepspace/articles/article/${c.articleId}`),
    );

    for (const [index, resolve] of pending.entries()) resolve(jsonResponse(article(index + 1)));
    expect(await screen.findByRole('heading', { name: '案例标题4' })).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
    const card = cardOf('案例标题1');
    expect(within(card).getByText('案例摘要1')).toHaveClass('line-clamp-3');
    expect(within(card).getByText(first.author)).toBeInTheDocument();
    expect(within(card).getByText(first.platformLabel)).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/cases/case-1.svg');
    expect(screen.queryByText(new RegExp(NOTICE_PREFIX))).not.toBeInTheDocument();
  });

  it('fills a card that got HTTP 500 with defaults and shows the notice', async () => {
    stubCaseApi({
      [first.articleId]: () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderWithProviders(<CaseSection />);

    expect(await screen.findByText(`${NOTICE_PREFIX}（HTTP 500: Internal Server Error）`)).toBeInTheDocument();
    const card = cardOf(`${first.platformLabel}精选内容`);
    expect(within(card).getByText('这是一篇精彩的内容，点击查看详情...')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '内容案例' })).toHaveAttribute('src', CASE_PLACEHOLDER_IMAGE);
    expect(await screen.findByRole('heading', { name: '案例标题2' })).toBeInTheDocument();
  });

  it('reports a reply without success or data as a format error', async () => {
    stubCaseApi({
      [second.articleId]: () => jsonResponse({ success: true }),
      [third.articleId]: () => jsonResponse({ data: { title: 'x', summary: 'y', imageUrl: 'z' } }),
    });
    renderWithProviders(<CaseSection />);

    expect(await screen.findByText(`${NOTICE_PREFIX}（接口返回数据格式错误）`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${second.platformLabel}精选内容` })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: `${third.platformLabel}精选内容` })).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '案例标题4' })).toBeInTheDocument();
  });

  it('names the failure of the first failed card in showcase order, whichever reply came first', async () => {
    const pending: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', vi.fn((_path: string) => new Promise<Response>((resolve) => pending.push(resolve))));
    renderWithProviders(<CaseSection />);
    const [answerFirst, answerSecond, answerThird, answerFourth] = pending;

    answerSecond?.(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    expect(await screen.findByText(`${NOTICE_PREFIX}（HTTP 500: Internal Server Error）`)).toBeInTheDocument();
    answerFirst?.(jsonResponse({ success: true }));
    expect(await screen.findByText(`${NOTICE_PREFIX}（接口返回数据格式错误）`)).toBeInTheDocument();
    answerThird?.(jsonResponse(article(3)));
    answerFourth?.(jsonResponse(article(4)));
    expect(await screen.findByRole('heading', { name: '案例标题4' })).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(NOTICE_PREFIX))).toHaveLength(1);
  });

  it('uses 无标题, 暂无摘要 and the placeholder for missing fields', async () => {
    stubCaseApi({ [fourth.articleId]: () => jsonResponse({ success: true, data: { title: '', summary: null } }) });
    renderWithProviders(<CaseSection />);

    const card = (await screen.findByRole('heading', { name: '无标题' })).closest('li') as HTMLElement;
    expect(within(card).getByText('暂无摘要')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '内容案例' })).toHaveAttribute('src', CASE_PLACEHOLDER_IMAGE);
    expect(screen.queryByText(new RegExp(NOTICE_PREFIX))).not.toBeInTheDocument();
  });

  it('replaces a broken cover with the placeholder', async () => {
    stubCaseApi();
    renderWithProviders(<CaseSection />);
    const card = (await screen.findByRole('heading', { name: '案例标题2' })).closest('li') as HTMLElement;
    const cover = card.querySelector('img') as HTMLImageElement;

    fireEvent.error(cover);
    expect(within(card).getByRole('img', { name: '内容案例' })).toHaveAttribute('src', CASE_PLACEHOLDER_IMAGE);
  });

  it('opens the shared article in a new tab without an opener', async () => {
    stubCaseApi();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<CaseSection />);
    const link = (await screen.findByRole('heading', { name: '案例标题3' })).closest('a') as HTMLAnchorElement;
    const url = `${window.location.origin}/shared/article/${third.articleId}`;
    expect(link).toHaveAttribute('href', url);

    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
  });

  it("with the app's client, asks again after a 500 before falling back to the defaults (tests do not retry)", async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = stubCaseApi({ [first.articleId]: () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }) });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <CaseSection />
        </QueryClientProvider>,
      );
      const askedForFirst = () => fetchMock.mock.calls.filter(([path]) => path.endsWith(`/${first.articleId}`)).length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(askedForFirst()).toBe(1);
      expect(screen.queryByText(new RegExp(NOTICE_PREFIX))).not.toBeInTheDocument();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(askedForFirst()).toBe(3);
      expect(screen.getByText(`${NOTICE_PREFIX}（HTTP 500: Internal Server Error）`)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '案例标题2' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
