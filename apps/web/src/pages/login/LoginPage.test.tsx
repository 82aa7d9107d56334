import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { fakeAuth, jsonResponse, sampleUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PASSWORD_LOGIN_PATH } from './AccountLoginForm';
import { EMAIL_LOGIN_PATH, EMAIL_SEND_CODE_PATH, SMS_LOGIN_PATH, SMS_SEND_CODE_PATH } from './CodeLoginForm';
import { LoginPage } from './LoginPage';
import { QR_UNAVAILABLE_TEXT } from './QrLoginPanel';
import { REMEMBERED_USERNAME_KEY } from './remembered-username';
import { LOGIN_REDIRECT_MS } from './use-sign-in';

const signedIn = () => jsonResponse({ success: true, msg: '登录成功', user: sampleUser(), userType: 'basic' });

function renderLogin(auth = fakeAuth()) {
  const user = userEvent.setup();
  const result = renderWithProviders(<LoginPage />, { path: '/login', auth });
  return { user, auth, ...result };
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

const toastTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('LoginPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers four sign-in methods as tabs, the account tab first', async () => {
    const { user } = renderLogin();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '手机登录', '邮箱登录', '微信扫码']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('账号登录');
    expect(screen.getByPlaceholderText('用户名/手机号/邮箱')).toBeVisible();
    expect(screen.getByRole('link', { name: '忘记密码？' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: /^还没有账号？\s*立即注册$/ })).toHaveAttribute('href', '/register');

    await openTab(user, '手机登录');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('手机登录');

    await user.keyboard('{ArrowRight}');
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toHaveFocus();

  });

  it('asks for username and password before calling the server', async () => {
    const { calls } = stubApi({});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(toastTexts()).toEqual(['请输入用户名和密码']);
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(toastTexts()).toContain('请输入用户名和密码');
    expect(calls).toHaveLength(0);
  });

  it('lists unmet password rules in the sign-in wording without blocking the submit', async () => {
    const { bodiesOf } = stubApi({ [PASSWORD_LOGIN_PATH]: signedIn() });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'abc');
    const rules = screen.getByRole('list', { name: '密码要求' });
    expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '密码长度至少为8位',
      '密码必须包含数字',
      '密码必须包含特殊字符',
    ]);
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(bodiesOf(PASSWORD_LOGIN_PATH)).toEqual([{ username: 'alice', password: 'abc', rememberMe: false }]));
  });

  it('signs in: 登录中..., toast 登录成功, refreshes the session, then goes to /create after 1 s', async () => {
    let release: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    const { user, auth } = renderLogin();
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('button', { name: '登录中...' })).toBeDisabled();

    release(signedIn());
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(auth.refresh).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '登录中...' })).toBeDisabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(LOGIN_REDIRECT_MS).toBe(1000);
    expect(await screen.findByTestId('location', {}, { timeout: 2000 })).toHaveTextContent(/^\/create$/);
  });

  it('remembers only the username, never the password, and sends rememberMe', async () => {
    const { bodiesOf } = stubApi({ [PASSWORD_LOGIN_PATH]: signedIn() });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: '记住密码' }));
    await user.click(screen.getByRole('button', { name: '登录' }));

    await waitFor(() => expect(window.localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBe('alice'));
    expect(bodiesOf(PASSWORD_LOGIN_PATH)).toEqual([{ username: 'alice', password: 'Secret#123', rememberMe: true }]);
    const stored = Object.keys(window.localStorage).map((key) => `${key}=${window.localStorage.getItem(key)}`);
    expect(stored).toEqual([`${REMEMBERED_USERNAME_KEY}=alice`]);
    expect(JSON.stringify(stored)).not.toContain('Secret#123');
    expect(JSON.stringify(window.sessionStorage)).not.toContain('Secret#123');
  });

  it('prefills a remembered username with the box ticked; unticking forgets it', async () => {
    window.localStorage.setItem(REMEMBERED_USERNAME_KEY, 'bob');
    stubApi({ [PASSWORD_LOGIN_PATH]: signedIn() });
    const { user } = renderLogin();
    expect(screen.getByLabelText('用户名')).toHaveValue('bob');
    expect(screen.getByLabelText('密码')).toHaveValue('');
    const remember = screen.getByRole('checkbox', { name: '记住密码' });
    expect(remember).toBeChecked();
    await user.click(remember);
    await user.type(screen.getByLabelText('密码'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.localStorage.getItem(REMEMBERED_USERNAME_KEY)).toBeNull());
  });

  it.each([
    ['the server message', () => jsonResponse({ success: false, msg: '用户名或密码错误' }, { status: 401 }), '用户名或密码错误'],
    ['登录失败 when the refusal gives no reason', () => jsonResponse({ success: false }), '登录失败'],
    ['登录失败，请检查输入 on a network error', () => new TypeError('Failed to fetch'), '登录失败，请检查输入'],
  ])('shows %s', async (_, answer, message) => {
    stubApi({ [PASSWORD_LOGIN_PATH]: answer });
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
    expect(window.localStorage.length).toBe(0);
  });

  it('checks the phone and the code on the phone tab, then signs in with the SMS code', async () => {
    const { calls, bodiesOf } = stubApi({
      [SMS_SEND_CODE_PATH]: jsonResponse({ success: true, msg: '验证码已发送' }),
      [SMS_LOGIN_PATH]: signedIn(),
    });
    const { user } = renderLogin();
    const panel = await openTab(user, '手机登录');
    const login = within(panel).getByRole('button', { name: '登录' });

    await user.click(login);
    expect(toastTexts()).toEqual(['请输入手机号']);
    await user.type(within(panel).getByLabelText('手机号'), '12345678901');
    await user.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(toastTexts()).toContain('请输入正确的手机号格式');
    expect(calls).toHaveLength(0);

    await user.clear(within(panel).getByLabelText('手机号'));
    await user.type(within(panel).getByLabelText('手机号'), '13800138000');
    await user.click(login);
    expect(toastTexts()).toContain('请输入验证码');

    await user.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '60秒后重试' })).toBeDisabled();
    expect(bodiesOf(SMS_SEND_CODE_PATH)).toEqual([{ phoneNumber: '13800138000', type: 'LOGIN' }]);

    await user.type(within(panel).getByLabelText('短信验证码'), '123456');
    await user.click(login);
    await waitFor(() => expect(bodiesOf(SMS_LOGIN_PATH)).toEqual([{ phoneNumber: '13800138000', code: '123456', type: 'LOGIN' }]));
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
  });

  it('shows the server message when a code cannot be sent, else 验证码发送失败', async () => {
    stubApi({
      [EMAIL_SEND_CODE_PATH]: () => jsonResponse({ success: false, msg: '验证码发送过于频繁，请42秒后重试' }, { status: 429 }),
    });
    const { user } = renderLogin();
    const panel = await openTab(user, '邮箱登录');
    await user.type(within(panel).getByLabelText('邮箱'), 'a@example.com');
    await user.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送过于频繁，请42秒后重试')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '获取验证码' })).toBeEnabled();

    stubApi({ [EMAIL_SEND_CODE_PATH]: () => new Response('', { status: 500 }) });
    await user.click(within(panel).getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送失败')).toBeInTheDocument();
  });

  it('checks the e-mail and the code on the e-mail tab, then signs in with the e-mail code', async () => {
    const { calls, bodiesOf } = stubApi({ [EMAIL_LOGIN_PATH]: signedIn() });
    const { user } = renderLogin();
    const panel = await openTab(user, '邮箱登录');
    const login = within(panel).getByRole('button', { name: '登录' });
    await user.click(login);
    expect(toastTexts()).toEqual(['请输入邮箱']);
    await user.type(within(panel).getByLabelText('邮箱'), 'a@example.com');
    await user.click(login);
    expect(toastTexts()).toContain('请输入验证码');
    expect(calls).toHaveLength(0);
    await user.type(within(panel).getByLabelText('邮箱验证码'), '654321');
    await user.click(login);
    await waitFor(() => expect(bodiesOf(EMAIL_LOGIN_PATH)).toEqual([{ email: 'a@example.com', code: '654321' }]));
  });

  it('shows an honest placeholder on the WeChat tab', async () => {
    const { user } = renderLogin();
    const panel = await openTab(user, '微信扫码');
    expect(within(panel).queryByText(QR_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '显示登录二维码' }));
    expect(within(panel).getByText('微信扫码登录暂未开通，请使用账号、手机或邮箱登录')).toBeInTheDocument();
    expect(panel.textContent).not.toMatch(/敬请期待|coming soon/i);
  });

  it('returns a visitor sent here by the route guard to where they were heading', async () => {
    stubApi({ [PASSWORD_LOGIN_PATH]: signedIn() });
    const { user, router } = renderLogin();
    await act(() => router.navigate('/login', { state: { from: '/profile' } }));
    await user.type(screen.getByLabelText('用户名'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('location', {}, { timeout: 2000 })).toHaveTextContent(/^\/profile$/);
  });

  it('sends a signed-in visitor straight to /create', () => {
    renderLogin(fakeAuth({ user: sampleUser() }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/create$/);
  });
});
