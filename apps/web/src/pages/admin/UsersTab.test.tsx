import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { adminUser, inAQuarterHour, inTurn, renderConsole, session, usersPage } from './admin-test-support';

const USERS = '/api/admin/users?q=&page=1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the console’s users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users with masked contacts, plan, balance and lock, and searches', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser(), adminUser({ userId: 13, username: 'carol', userType: 'pro', locked: true, phoneMasked: null, coinBalance: 12000 })),
      '/api/admin/users?q=139&page=1': () => usersPage(adminUser()),
      '/api/admin/users?q=nobody&page=1': () => usersPage(),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');

    const bob = await screen.findByRole('row', { name: /bob/ });
    expect(bob).toHaveTextContent('139****5678');
    expect(bob).toHaveTextContent('b***@example.com');
    expect(bob).toHaveTextContent('免费版');
    expect(bob).toHaveTextContent('正常');
    const carol = screen.getByRole('row', { name: /carol/ });
    expect(carol).toHaveTextContent('高级版');
    expect(carol).toHaveTextContent('12,000');
    expect(carol).toHaveTextContent('已锁定');
    expect(within(carol).getByRole('button', { name: '解锁' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: '搜索用户' }), '139');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /carol/ })).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.path === '/api/admin/users?q=139&page=1')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: '搜索用户' }));
    await user.type(screen.getByRole('searchbox', { name: '搜索用户' }), 'nobody');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await screen.findByText('没有找到与「nobody」相关的用户');
  });

  it('adjusts coins with a reason, shows the new balance and refreshes the row', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: inTurn(() => usersPage(adminUser()), () => usersPage(adminUser({ coinBalance: 800 }))),
      '/api/admin/users/12/coins': () => jsonResponse({ success: true, data: { coinBalance: 800 } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');

    await user.click(within(await screen.findByRole('row', { name: /bob/ })).getByRole('button', { name: '调整金币' }));
    const dialog = screen.getByRole('dialog', { name: '调整金币' });
    expect(dialog).toHaveTextContent('当前余额 300 币');

    // Not an integer, then too much taken away, then no reason: nothing is sent.
    const amount = within(dialog).getByLabelText('调整数量（正数增加，负数扣减）');
    await user.type(amount, '1.5');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(dialog).toHaveTextContent('请输入整数，正数增加、负数扣减');
    await user.clear(amount);
    await user.type(amount, '-301');
    expect(dialog).toHaveTextContent('余额不能为负：该用户当前余额 300 币');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(dialog).toHaveTextContent('调整后余额：800 币');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(dialog).toHaveTextContent('请填写操作原因（至少2个字）');
    expect(api.bodiesOf('/api/admin/users/12/coins')).toEqual([]);

    await user.type(within(dialog).getByLabelText('操作原因'), '活动补偿');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));

    await screen.findByText('已调整 bob 的金币，当前余额 800 币');
    const [body] = api.bodiesOf('/api/admin/users/12/coins') as { delta: number; reason: string; requestId: string }[];
    expect(body).toMatchObject({ delta: 500, reason: '活动补偿' });
    expect(body!.requestId).toMatch(UUID);
    await waitFor(() => expect(screen.getByRole('row', { name: /bob/ })).toHaveTextContent('800'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal inside the dialog', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser()),
      '/api/admin/users/12/coins': () => jsonResponse({ success: false, code: 'BAD_REQUEST', message: '余额不能为负：该用户当前余额 100 币' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await user.click(within(await screen.findByRole('row', { name: /bob/ })).getByRole('button', { name: '调整金币' }));
    const dialog = screen.getByRole('dialog', { name: '调整金币' });
    await user.type(within(dialog).getByLabelText('调整数量（正数增加，负数扣减）'), '-200');
    await user.type(within(dialog).getByLabelText('操作原因'), '退回误发');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('余额不能为负：该用户当前余额 100 币');
  });

  it('unlocks a locked user and signs a user out everywhere', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser({ locked: true })),
      '/api/admin/users/12/lock': () => jsonResponse({ success: true }),
      '/api/admin/users/12/sessions/end': () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');

    await user.click(within(await screen.findByRole('row', { name: /bob/ })).getByRole('button', { name: '解锁' }));
    let dialog = screen.getByRole('dialog', { name: '解锁账号' });
    await user.type(within(dialog).getByLabelText('操作原因'), '核实无误');
    await user.click(within(dialog).getByRole('button', { name: '确认解锁' }));
    await screen.findByText('已解锁 bob');
    expect(api.bodiesOf('/api/admin/users/12/lock')).toEqual([{ locked: false, reason: '核实无误' }]);

    await user.click(within(screen.getByRole('row', { name: /bob/ })).getByRole('button', { name: '强制下线' }));
    dialog = screen.getByRole('dialog', { name: '强制下线' });
    await user.type(within(dialog).getByLabelText('操作原因'), '疑似被盗');
    await user.click(within(dialog).getByRole('button', { name: '确认下线' }));
    await screen.findByText('已让 bob 在所有设备上下线');
    expect(api.bodiesOf('/api/admin/users/12/sessions/end')).toEqual([{ reason: '疑似被盗' }]);
  });
});
