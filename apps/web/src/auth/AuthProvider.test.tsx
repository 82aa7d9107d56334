import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, proUser } from '../test/fixtures';
import { useAuth } from './auth-context';
import { AuthProvider, LOGOUT_PATH, SESSION_PATH } from './AuthProvider';

function AuthProbe() {
  const { user, loading, isPro, logout } = useAuth();
  if (loading) return <p>读取中</p>;
  return (
    <>
      <p>{user ? `已登录：${user.username}` : '未登录'}</p>
      {isPro && <p>专业版</p>}
      <button type="button" onClick={() => void logout()}>
        退出
      </button>
    </>
  );
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
    render(
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>,
    );
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
    render(
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>,
    );
    expect(await screen.findByText('未登录')).toBeInTheDocument();
  });

  it('logs out on the server and clears the user, even if that call fails', async () => {
    const fetchMock = stubFetch((path) =>
      path === SESSION_PATH ? jsonResponse({ success: true, authenticated: true, user: proUser() }) : new Response('', { status: 500 }),
    );
    render(
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>,
    );
    await screen.findByText('已登录：alice');
    await act(async () => screen.getByRole('button', { name: '退出' }).click());
    await waitFor(() => expect(screen.getByText('未登录')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(LOGOUT_PATH, expect.objectContaining({ method: 'POST' }));
    expect(window.localStorage.length).toBe(0);
  });
});
