import type { WechatAccount } from '@tianma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { WECHAT_ACCOUNTS_PATH, wechatAccountPath } from './wechat-accounts-api';
import { WechatAccountsSection } from './WechatAccountsSection';

const APP_ID = 'wx0123456789abcdef';
const SECRET = '0123456789abcdef0123456789abcdef';
const WRONG_SECRET_MESSAGE = 'AppSecret 错误，请在公众号后台「设置与开发 → 基本配置」中核对或重置 AppSecret';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake of the three account routes over a list the test owns; `bindAnswer` replaces a successful bind. */
function fakeServer(accounts: WechatAccount[], bindAnswer?: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      if (path === WECHAT_ACCOUNTS_PATH && method === 'GET') return jsonResponse({ success: true, data: accounts });
      if (path === WECHAT_ACCOUNTS_PATH && method === 'POST') {
        if (bindAnswer) return bindAnswer();
        const { appId, name } = body as { appId: string; name?: string };
        const account = { accountId: `acc-${accounts.length + 1}`, appId, name: name || appId };
        accounts.push(account);
        return jsonResponse({ success: true, data: account });
      }
      const index = accounts.findIndex((account) => wechatAccountPath(account.accountId) === path);
      if (method === 'DELETE' && index >= 0) {
        accounts.splice(index, 1);
        return jsonResponse({ success: true });
      }
      return jsonResponse({ success: false, message: '未找到' }, { status: 404 });
    }),
  );
  const count = (method: string, path = WECHAT_ACCOUNTS_PATH) => calls.filter((call) => call.method === method && call.path === path).length;
  return { calls, count };
}

function renderSection() {
  const user = userEvent.setup();
  renderWithProviders(<WechatAccountsSection />, { path: '/profile' });
  return user;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, appId: string, secret: string, name = '') {
  await user.type(screen.getByLabelText('开发者ID（AppID）'), appId);
  await user.type(screen.getByLabelText('开发者密码（AppSecret）'), secret);
  if (name) await user.type(screen.getByLabelText('名称（选填）'), name);
}

describe('WechatAccountsSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the bound accounts with their name and AppID', async () => {
    fakeServer([
      { accountId: 'a1', appId: APP_ID, name: '天马写作' },
      { accountId: 'a2', appId: 'wxfedcba9876543210', name: 'wxfedcba9876543210' },
    ]);
    renderSection();
    const list = await screen.findByRole('list', { name: '已绑定的公众号' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('天马写作');
    expect(rows[0]).toHaveTextContent(`AppID：${APP_ID}`);
    expect(within(rows[1]!).getByRole('button', { name: '解除绑定' })).toBeInTheDocument();
    expect(screen.queryByText('还没有绑定公众号')).not.toBeInTheDocument();
  });

  it('says what binding is for and what it needs when nothing is bound', async () => {
    fakeServer([]);
    renderSection();
    expect(await screen.findByText('还没有绑定公众号')).toBeInTheDocument();
    expect(screen.getByText(/草稿箱/)).toBeInTheDocument();
    expect(screen.getByText(/设置与开发 → 基本配置」中的开发者ID（AppID）和开发者密码（AppSecret）.*IP白名单/)).toBeInTheDocument();
    expect(screen.getByLabelText('开发者密码（AppSecret）')).toHaveAttribute('type', 'password');
  });

  it('checks the form with the shared schema before calling the server', async () => {
    const server = fakeServer([]);
    const user = renderSection();
    await screen.findByText('还没有绑定公众号');
    await user.click(screen.getByRole('button', { name: '绑定' }));
    expect(screen.getByText('请输入公众号的 AppID')).toBeInTheDocument();
    expect(screen.getByText('请输入公众号的 AppSecret')).toBeInTheDocument();
    await fillForm(user, 'gh_123', 'short');
    await user.click(screen.getByRole('button', { name: '绑定' }));
    expect(screen.getByText(/AppID 格式不正确/)).toBeInTheDocument();
    expect(screen.getByText('AppSecret 格式不正确：应为 32 位字母或数字')).toBeInTheDocument();
    expect(screen.getByLabelText('开发者ID（AppID）')).toHaveAttribute('aria-invalid', 'true');
    expect(server.count('POST')).toBe(0);
  });

  it('binds an account, clears the form and reads the list again', async () => {
    const server = fakeServer([]);
    const user = renderSection();
    await screen.findByText('还没有绑定公众号');
    await fillForm(user, APP_ID, SECRET, '天马写作');
    await user.click(screen.getByRole('button', { name: '绑定' }));

    const list = await screen.findByRole('list', { name: '已绑定的公众号' });
    expect(list).toHaveTextContent('天马写作');
    expect(list).toHaveTextContent(APP_ID);
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ appId: APP_ID, appSecret: SECRET, name: '天马写作' });
    expect(server.count('GET')).toBe(2);
    expect(screen.getByLabelText('开发者密码（AppSecret）')).toHaveValue('');
    expect(screen.getByLabelText('开发者ID（AppID）')).toHaveValue('');
    expect(await screen.findByText('已绑定「天马写作」')).toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
  });

  it('shows a pending button while WeChat is asked, then the server’s error next to the form, binding nothing', async () => {
    let answer: (response: Response) => void = () => {};
    // The bind waits until the test answers it.
    const server = fakeServer(
      [],
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const user = renderSection();
    await screen.findByText('还没有绑定公众号');
    await fillForm(user, APP_ID, SECRET);
    await user.click(screen.getByRole('button', { name: '绑定' }));

    expect(await screen.findByRole('button', { name: '验证中...' })).toBeDisabled();
    answer(jsonResponse({ success: false, message: WRONG_SECRET_MESSAGE, errcode: 40125 }, { status: 400 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_SECRET_MESSAGE);
    expect(screen.getByRole('button', { name: '绑定' })).toBeEnabled();
    expect(screen.getByText('还没有绑定公众号')).toBeInTheDocument();
    expect(server.count('GET')).toBe(1);
    // What was typed stays, to be corrected.
    expect(screen.getByLabelText('开发者ID（AppID）')).toHaveValue(APP_ID);
  });

  it('unbinds an account only after 确认解除, then reads the list again', async () => {
    const server = fakeServer([{ accountId: 'a1', appId: APP_ID, name: '天马写作' }]);
    const user = renderSection();
    await screen.findByRole('list', { name: '已绑定的公众号' });

    await user.click(screen.getByRole('button', { name: '解除绑定' }));
    const confirm = screen.getByRole('group', { name: '确认解除绑定「天马写作」' });
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(server.count('DELETE', wechatAccountPath('a1'))).toBe(0);

    await user.click(screen.getByRole('button', { name: '解除绑定' }));
    await user.click(screen.getByRole('button', { name: '确认解除' }));
    expect(await screen.findByText('还没有绑定公众号')).toBeInTheDocument();
    expect(server.count('DELETE', wechatAccountPath('a1'))).toBe(1);
    await waitFor(() => expect(server.count('GET')).toBe(2));
  });
});
