import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import type { AdminUserDetail } from './admin-api';
import { adminUser, inAQuarterHour, inTurn, renderConsole, session, usersPage } from './admin-test-support';
import { grantedUntil, parseDays } from './user-labels';

const USERS = '/api/admin/users?q=&page=1';
const DETAIL = '/api/admin/users/12';
const PRO = '/api/admin/users/12/pro';

function detail(overrides: Partial<AdminUserDetail['user']> = {}, more: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user: {
      userId: 12,
      username: 'bob',
      phone: '13912345678',
      email: 'bob@example.com',
      userType: 'basic',
      level: 0,
      subscriptionExpiry: null,
      coinBalance: 300,
      locked: false,
      lockedAt: null,
      role: null,
      createdAt: '2026-01-05T06:03:00.000Z',
      ...overrides,
    },
    ledger: [
      { at: '2026-01-06T02:00:00.000Z', delta: -120, balanceAfter: 300, kind: 'hold', reason: '文章生成', ref: 'task-1' },
      { at: '2026-01-05T06:03:00.000Z', delta: 300, balanceAfter: 420, kind: 'registration_gift', reason: null, ref: null },
      { at: '2026-01-05T06:04:00.000Z', delta: -50, balanceAfter: 370, kind: 'refund', reason: '订单退款 ¥10.00，扣回金币', ref: 'RF1' },
    ],
    orders: [{ outTradeNo: 'TM20260105A', amountFen: 2000, coins: 1100, status: 'paid', paidAt: '2026-01-05T06:03:00.000Z', refundedFen: 1000 }],
    articles: [
      { articleId: 'pub1', title: '新手如何开始跑步', wordCount: 1234, createdAt: '2026-01-06T02:00:00.000Z', isPublic: true, hidden: false },
      { articleId: 'priv2', title: '我的草稿', wordCount: 800, createdAt: '2026-01-06T01:00:00.000Z', isPublic: false, hidden: false },
    ],
    sessions: [{ id: 7, createdAt: '2026-01-06T02:00:00.000Z', lastSeenAt: '2026-01-06T03:00:00.000Z', expiresAt: '2026-01-13T02:00:00.000Z', userAgent: 'Mozilla/5.0 (iPhone)', ip: '203.0.*.*' }],
    coinsOwed: 550,
    ...more,
  };
}

const answer = (data: AdminUserDetail) => () => jsonResponse({ success: true, data });

describe('a user’s page in the console', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads days as a whole number from 1 to 366, and counts a grant from the later of now and the expiry', () => {
    expect(parseDays('30')).toEqual({ days: 30 });
    expect(parseDays(' 366 ')).toEqual({ days: 366 });
    for (const text of ['0', '367', '1.5', '', '-3', '三十']) expect(parseDays(text)).toEqual({ problem: '天数必须是1到366之间的整数' });
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(grantedUntil(null, 30, now).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(grantedUntil('2025-12-01T00:00:00Z', 1, now).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(grantedUntil('2026-02-01T00:00:00Z', 10, now).toISOString()).toBe('2026-02-11T00:00:00.000Z');
  });

  it('opens from the list and shows contacts, balance, owed coins, Pro, ledger, orders, articles and sessions; back returns to the list', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser()),
      [DETAIL]: answer(detail()),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users');
    await user.click(within(await screen.findByRole('row', { name: /bob/ })).getByRole('button', { name: 'bob' }));

    const page = await screen.findByRole('region', { name: '用户详情' });
    await within(page).findByText('13912345678');
    expect(page).toHaveTextContent('bob@example.com');
    expect(page).toHaveTextContent('300 币');
    expect(page).toHaveTextContent('550 币（退款时余额不足未能扣回）');
    expect(page).toHaveTextContent('免费版');
    expect(within(page).getByRole('button', { name: '开通高级版' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: '结束高级版' })).not.toBeInTheDocument();

    const ledger = within(page).getByRole('table', { name: '金币流水' });
    expect(ledger).toHaveTextContent('创作预扣');
    expect(ledger).toHaveTextContent('注册赠送');
    expect(ledger).toHaveTextContent('退款扣回');
    expect(ledger).toHaveTextContent('-120');
    expect(ledger).toHaveTextContent('+300');
    expect(within(page).getByRole('table', { name: '订单' })).toHaveTextContent('部分退款');
    const articles = within(page).getByRole('table', { name: '文章' });
    expect(within(articles).getByRole('link', { name: '新手如何开始跑步' })).toHaveAttribute('href', '/shared/article/pub1');
    expect(within(articles).queryByRole('link', { name: '我的草稿' })).not.toBeInTheDocument();
    expect(articles).toHaveTextContent('未分享');
    const sessions = within(page).getByRole('table', { name: '登录设备' });
    expect(sessions).toHaveTextContent('203.0.*.*');
    expect(sessions).toHaveTextContent('Mozilla/5.0 (iPhone)');
    expect(api.calls.filter((call) => call.path === DETAIL)).toHaveLength(1);

    await user.click(within(page).getByRole('button', { name: '返回用户列表' }));
    expect(await screen.findByRole('row', { name: /bob/ })).toHaveTextContent('139****5678');
    expect(screen.queryByText('13912345678')).not.toBeInTheDocument();
  });

  it('grants Pro for the days typed after the password, and shows the new state', async () => {
    const granted = detail({ userType: 'pro', level: 1, subscriptionExpiry: '2026-02-04T06:03:00.000Z' });
    const api = stubApi({
      '/api/admin/session': () => session(null),
      [DETAIL]: inTurn(answer(detail()), answer(granted)),
      '/api/admin/confirm': () => jsonResponse({ success: true, confirmedUntil: inAQuarterHour() }),
      [PRO]: () => jsonResponse({ success: true, data: { userType: 'pro', level: 1, subscriptionExpiry: '2026-02-04T06:03:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users&user=12');
    const page = await screen.findByRole('region', { name: '用户详情' });
    await user.click(await within(page).findByRole('button', { name: '开通高级版' }));

    const dialog = screen.getByRole('dialog', { name: '开通高级版' });
    const days = within(dialog).getByLabelText('天数（1–366）');
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '367');
    await user.type(within(dialog).getByLabelText('操作原因'), '活动赠送');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    expect(dialog).toHaveTextContent('天数必须是1到366之间的整数');
    await user.clear(days);
    await user.type(days, '1.5');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    expect(api.bodiesOf(PRO)).toEqual([]);

    await user.clear(days);
    await user.type(days, '30');
    expect(dialog).toHaveTextContent('到期时间将为');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    const confirm = await screen.findByRole('dialog', { name: '确认身份' });
    await user.type(within(confirm).getByLabelText('登录密码'), 'Secret#123');
    await user.click(within(confirm).getByRole('button', { name: '确认' }));

    await screen.findByText('已为 bob 开通高级版，到期时间 2026/02/04 14:03');
    expect(api.bodiesOf(PRO)).toEqual([{ action: 'grant', days: 30, reason: '活动赠送' }]);
    await waitFor(() => expect(screen.getByRole('region', { name: '用户详情' })).toHaveTextContent('高级版，2026/02/04 14:03 到期'));
    expect(screen.getByRole('button', { name: '延长高级版' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '结束高级版' })).toBeInTheDocument();
  });

  it('ends Pro with a reason, and shows the server’s refusal in the dialog', async () => {
    const pro = detail({ userType: 'pro', level: 1, subscriptionExpiry: '2026-02-04T06:03:00.000Z' });
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [DETAIL]: answer(pro),
      [PRO]: inTurn(
        () => jsonResponse({ success: false, code: 'CONFLICT', message: '该用户当前不是高级版，无需结束' }, { status: 409 }),
        () => jsonResponse({ success: true, data: { userType: 'basic', level: 1, subscriptionExpiry: '2026-01-06T00:00:00.000Z' } }),
      ),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users&user=12');
    const page = await screen.findByRole('region', { name: '用户详情' });
    await user.click(await within(page).findByRole('button', { name: '结束高级版' }));
    const dialog = screen.getByRole('dialog', { name: '结束高级版' });
    expect(dialog).toHaveTextContent('原到期时间 2026/02/04 14:03');
    await user.type(within(dialog).getByLabelText('操作原因'), '违规使用');
    await user.click(within(dialog).getByRole('button', { name: '确认结束' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该用户当前不是高级版，无需结束');
    await user.click(within(dialog).getByRole('button', { name: '确认结束' }));
    await screen.findByText('已结束 bob 的高级版');
    expect(api.bodiesOf(PRO)).toEqual([
      { action: 'end', reason: '违规使用' },
      { action: 'end', reason: '违规使用' },
    ]);
  });

  it('runs the list’s actions from the page and refreshes it', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [DETAIL]: inTurn(answer(detail()), answer(detail({ coinBalance: 800 }))),
      '/api/admin/users/12/coins': () => jsonResponse({ success: true, data: { coinBalance: 800 } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users&user=12');
    const page = await screen.findByRole('region', { name: '用户详情' });
    await user.click(await within(page).findByRole('button', { name: '调整金币' }));
    const dialog = screen.getByRole('dialog', { name: '调整金币' });
    await user.type(within(dialog).getByLabelText('调整数量（正数增加，负数扣减）'), '500');
    await user.type(within(dialog).getByLabelText('操作原因'), '活动补偿');
    await user.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await screen.findByText('已调整 bob 的金币，当前余额 800 币');
    await waitFor(() => expect(screen.getByRole('region', { name: '用户详情' })).toHaveTextContent('800 币'));
    expect(api.calls.filter((call) => call.path === DETAIL)).toHaveLength(2);
  });

  it('says so when the user is not found, and goes back to the list', async () => {
    stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      [USERS]: () => usersPage(adminUser()),
      '/api/admin/users/99': () => jsonResponse({ success: false, code: 'NOT_FOUND', message: '未找到该用户' }, { status: 404 }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=users&user=99');
    const page = await screen.findByRole('region', { name: '用户详情' });
    expect(within(page).getByText('加载中...')).toBeInTheDocument();
    expect(await within(page).findByRole('alert')).toHaveTextContent('未找到该用户');
    await user.click(within(page).getByRole('button', { name: '返回用户列表' }));
    expect(await screen.findByRole('row', { name: /bob/ })).toBeInTheDocument();
  });
});
