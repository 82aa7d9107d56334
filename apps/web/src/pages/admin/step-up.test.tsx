import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import { adminUser, confirmRequired, inAQuarterHour, inTurn, renderConsole, session, usersPage } from './admin-test-support';

const USERS = '/api/admin/users?q=&page=1';
const LOCK = '/api/admin/users/12/lock';
const CONFIRM = '/api/admin/confirm';

async function lockBob(user: ReturnType<typeof userEvent.setup>) {
  const row = await screen.findByRole('row', { name: /bob/ });
  await user.click(within(row).getByRole('button', { name: '锁定' }));
  const dialog = screen.getByRole('dialog', { name: '锁定账号' });
  await user.type(within(dialog).getByLabelText('操作原因'), '批量注册');
  await user.click(within(dialog).getByRole('button', { name: '确认锁定' }));
}

describe('the step-up confirmation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password first when the session has no confirmation, then runs the action', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(null),
      [USERS]: () => usersPage(adminUser()),
      [CONFIRM]: () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
      [LOCK]: () => jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await lockBob(user);

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    expect(api.bodiesOf(LOCK)).toEqual([]);
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    await screen.findByText('已锁定 bob');
    expect(api.bodiesOf(CONFIRM)).toEqual([{ password: 'Secret#123' }]);
    expect(api.bodiesOf(LOCK)).toEqual([{ locked: true, reason: '批量注册' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('repeats the call once the password is confirmed when the server says the confirmation lapsed', async () => {
    const lock = inTurn(confirmRequired, () => jsonResponse({ success: true }));
    const api = stubApi({
      // Confirmed as the console loaded; lapsed by the time of the call.
      '/api/admin/session': inTurn(() => session(inAQuarterHour()), () => session(null)),
      [USERS]: () => usersPage(adminUser()),
      [CONFIRM]: inTurn(
        () => jsonResponse({ success: false, code: 'BAD_REQUEST', message: '密码错误' }, { status: 400 }),
        () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
      ),
      [LOCK]: lock,
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await lockBob(user);

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    await user.type(within(confirm).getByLabelText('登录密码'), 'wrong');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('密码错误');

    await user.clear(within(confirm).getByLabelText('登录密码'));
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    await screen.findByText('已锁定 bob');
    expect(lock).toHaveBeenCalledTimes(2);
    expect(api.bodiesOf(LOCK)).toEqual([
      { locked: true, reason: '批量注册' },
      { locked: true, reason: '批量注册' },
    ]);
  });

  it('does nothing when the password dialog is closed, and keeps the action dialog open', async () => {
    const api = stubApi({ '/api/admin/session': () => session(null), [USERS]: () => usersPage(adminUser()) });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await lockBob(user);

    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认身份' })).not.toBeInTheDocument());
    const dialog = screen.getByRole('dialog', { name: '锁定账号' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.bodiesOf(LOCK)).toEqual([]);
  });

  it('shows a withdrawn role as the refusal it is, without asking for the password', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser()),
      [LOCK]: () => jsonResponse({ success: false, code: 'FORBIDDEN', message: '仅运营人员可以访问' }, { status: 403 }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await lockBob(user);
    // The session still answers with a confirmation: the 403 was not about it.
    expect(await within(screen.getByRole('dialog', { name: '锁定账号' })).findByRole('alert')).toHaveTextContent('仅运营人员可以访问');
    expect(screen.queryByRole('dialog', { name: '确认身份' })).not.toBeInTheDocument();
  });
});
