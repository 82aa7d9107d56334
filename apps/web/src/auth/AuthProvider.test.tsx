import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { jsonResponse, proUser, sampleUser } from '../test/fixtures';
import { testQueryClient } from '../test/render';
import { useAuth } from './auth-context';
import { AuthProvider, LOGOUT_PATH, SESSION_PATH } from './AuthProvider';

function AuthProbe() {
  const { user, loading, isPro, logout, refresh } = useAuth();
  if (loading) return <p>读取中</p>;
  return (
    <>
      <p>{user ? `已登录：${user.username}` : '未登录'}</p>
      {isPro && <p>专业版</p>}
      <button type="button" onClick={() => void logout()}>
        退出
      </button>
      <button type="button" onClick={() => void refresh()}>
        刷新
      </button>
    </>
  );
}

function renderAuth(client: QueryClient = testQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return client;
}

function stubFetch(answer: (path: string) => Response) {
  const fetchMock = vi.fn(async (path: string) => answer(path));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AuthProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the session once and exposes the user and Pro status', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, authenticated: true, user: proUser() }));
    renderAuth();
    expect(screen.getByText('读取中')).toBeInTheDocument();
    expect(await screen.findByText('已登录：alice')).toBeInTheDocument();
    expect(screen.getByText('专业版')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(SESSION_PATH);
  });

  it.each([
    ['the signed-out answer (200, authenticated false)', () => jsonResponse({ success: true, authenticated: false, user: null })],
    ['404 (endpoint missing)', () => jsonResponse({ success: false, message: '未找到' }, { status: 404 })],
    ['401 (no session)', () => jsonResponse({ success: false, msg: '请先登录' }, { status: 401 })],
    ['an unexpected user shape', () => jsonResponse({ success: true, user: { username: 'x' } })],
  ])('treats %s as signed out', async (_, answer) => {
    stubFetch(answer);
    renderAuth();
    expect(await screen.findByText('未登录')).toBeInTheDocument();
  });

  it('logs out on the server and clears the user, even if that call fails', async () => {
    const fetchMock = stubFetch((path) =>
      path === SESSION_PATH ? jsonResponse({ success: true, authenticated: true, user: proUser() }) : new Response('', { status: 500 }),
    );
    renderAuth();
    await screen.findByText('已登录：alice');
    await act(async () => screen.getByRole('button', { name: '退出' }).click());
    await waitFor(() => expect(screen.getByText('未登录')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(LOGOUT_PATH, expect.objectContaining({ method: 'POST' }));
    expect(window.localStorage.length).toBe(0);
  });

  it('checks the session only once under StrictMode', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, authenticated: true, user: proUser() }));
    render(
      <StrictMode>
        <QueryClientProvider client={testQueryClient()}>
          <AuthProvider>
            <AuthProbe />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('已登录：alice')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the session again on refresh (a new balance after a payment)', async () => {
    let coins = 300;
    const fetchMock = stubFetch(() => jsonResponse({ success: true, authenticated: true, user: sampleUser({ userAuth: { level: 0, coinBalance: coins } }) }));
    const client = renderAuth();
    await screen.findByText('已登录：alice');

    coins = 100;
    await act(async () => screen.getByRole('button', { name: '刷新' }).click());
    await waitFor(() => expect(client.getQueryData<{ userAuth: { coinBalance: number } }>(queryKeys.session)?.userAuth.coinBalance).toBe(100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("drops the user's articles, billing and quotes (balance) from the cache on logout, and keeps public data", async () => {
    stubFetch((path) => (path === SESSION_PATH ? jsonResponse({ success: true, authenticated: true, user: proUser() }) : jsonResponse({ success: true })));
    const client = testQueryClient();
    client.setQueryData(queryKeys.articles.pages(7), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.articles.text('a1'), '# 私人文章');
    client.setQueryData(queryKeys.billing.history, [{ id: 1 }]);
    client.setQueryData(queryKeys.quote({ topic: '咖啡' }), { price: 10, balance: 3800 });
    client.setQueryData(queryKeys.caseArticle('c1'), { title: '案例' });
    renderAuth(client);
    await screen.findByText('已登录：alice');

    await act(async () => screen.getByRole('button', { name: '退出' }).click());
    await waitFor(() => expect(screen.getByText('未登录')).toBeInTheDocument());
    expect(client.getQueryData(queryKeys.session)).toBeNull();
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.articles.all })).toHaveLength(0);
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.billing.all })).toHaveLength(0);
    expect(client.getQueryCache().findAll({ queryKey: queryKeys.quotes })).toHaveLength(0);
    expect(client.getQueryData(queryKeys.caseArticle('c1'))).toEqual({ title: '案例' });
  });

  it("drops the previous user's data when a refresh finds another account", async () => {
    let user = sampleUser({ deepspaceId: 7 });
    stubFetch(() => jsonResponse({ success: true, authenticated: true, user }));
    const client = renderAuth();
    await screen.findByText('已登录：alice');
    client.setQueryData(queryKeys.articles.text('a1'), '# alice 的文章');

    user = sampleUser({ username: 'bob', deepspaceId: 8 });
    await act(async () => screen.getByRole('button', { name: '刷新' }).click());
    expect(await screen.findByText('已登录：bob')).toBeInTheDocument();
    expect(client.getQueryData(queryKeys.articles.text('a1'))).toBeUndefined();
  });

  it('keeps the cache when a refresh finds the same user', async () => {
    stubFetch(() => jsonResponse({ success: true, authenticated: true, user: sampleUser() }));
    const client = renderAuth();
    await screen.findByText('已登录：alice');
    client.setQueryData(queryKeys.articles.text('a1'), '# alice 的文章');
    await act(async () => screen.getByRole('button', { name: '刷新' }).click());
    expect(client.getQueryData(queryKeys.articles.text('a1'))).toBe('# alice 的文章');
  });
});
