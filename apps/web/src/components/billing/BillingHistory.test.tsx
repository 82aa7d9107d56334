import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { jsonResponse } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { BILLING_HISTORY_PATH } from './billing-api';
import { BillingHistory } from './BillingHistory';
import { zhDateTime } from './format-time';

const PAID_AT = '2026-01-05T06:03:00.000Z';

const HISTORY = {
  success: true,
  orders: [
    { outTradeNo: 'TM2', description: '天马金币充值 1100 币', amount: 2000, amountYuan: '20.00', coins: 1100, payType: 0, status: 'paid', createdAt: PAID_AT },
    { outTradeNo: 'TM1', description: '天马高级版（1个月）', amount: 5900, amountYuan: '59.00', coins: 3500, payType: 1, status: 'closed', createdAt: PAID_AT },
    { outTradeNo: 'TM0', description: '天马金币充值 100 币', amount: 200, amountYuan: '2.00', coins: 100, payType: 0, status: 'pending', createdAt: PAID_AT },
  ],
  entries: [
    { delta: -67, balanceAfter: 1333, kind: 'hold', label: '创作预扣', reason: '文章《春日》', createdAt: PAID_AT },
    { delta: 1100, balanceAfter: 1400, kind: 'purchase', label: '金币充值', reason: '天马金币充值 1100 币', createdAt: PAID_AT },
  ],
};

function stubHistory(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(BILLING_HISTORY_PATH);
    const answer = answers[Math.min(fetchMock.mock.calls.length, answers.length) - 1]!;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const panel = () => screen.getByRole('tabpanel');

function renderHistory(client: QueryClient = testQueryClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <BillingHistory />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

describe('BillingHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the orders, then the coin ledger on the second tab', async () => {
    stubHistory(jsonResponse(HISTORY));
    renderHistory();
    expect(screen.getByRole('heading', { name: '账单记录' })).toBeInTheDocument();
    expect(screen.getByText('加载中...')).toBeInTheDocument();

    const ordersTab = screen.getByRole('tab', { name: '充值订单' });
    expect(ordersTab).toHaveAttribute('aria-selected', 'true');
    const paid = (await screen.findByText('天马金币充值 1100 币')).closest('li')!;
    expect(within(paid).getByText('¥20.00')).toBeInTheDocument();
    expect(within(paid).getByText('已支付')).toBeInTheDocument();
    expect(within(paid).getByText(`1100 币 · ${zhDateTime(PAID_AT)}`)).toBeInTheDocument();
    expect(within(panel()).getByText('已关闭')).toBeInTheDocument();
    expect(within(panel()).getByText('待支付')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '金币明细' }));
    expect(ordersTab).toHaveAttribute('aria-selected', 'false');
    const hold = within(panel()).getByText('创作预扣').closest('li')!;
    expect(within(hold).getByText('文章《春日》')).toBeInTheDocument();
    expect(within(hold).getByText('−67')).toHaveClass('text-rose-600');
    expect(within(hold).getByText('余额 1333')).toBeInTheDocument();
    const purchase = within(panel()).getByText('金币充值').closest('li')!;
    expect(within(purchase).getByText('+1100')).toHaveClass('text-emerald-600');
    expect(within(purchase).getByText(zhDateTime(PAID_AT))).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    stubHistory(jsonResponse(HISTORY));
    renderHistory();
    await screen.findByText('天马金币充值 1100 币');
    screen.getByRole('tab', { name: '充值订单' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '金币明细' })).toHaveFocus();
    expect(within(panel()).getByText('余额 1400')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    stubHistory(jsonResponse({ success: true, orders: [], entries: [] }));
    renderHistory();
    expect(await screen.findByText('暂无充值记录')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '金币明细' }));
    expect(screen.getByText('暂无金币明细')).toBeInTheDocument();
  });

  it('shows the error and loads again with 重试', async () => {
    const fetchMock = stubHistory(jsonResponse({ success: false, message: '服务暂时不可用' }, { status: 503 }), jsonResponse(HISTORY));
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('服务暂时不可用');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('天马金币充值 1100 币')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('words a lost connection and a malformed answer', async () => {
    stubHistory(new TypeError('Failed to fetch'));
    const { unmount } = renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('网络错误，请稍后重试');
    unmount();

    stubHistory(jsonResponse({ success: true, orders: 'none' }));
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('接口返回数据格式错误');
  });

  it('does not ask again after a refusal (4xx), with the app’s own retry rule', async () => {
    const fetchMock = stubHistory(jsonResponse({ success: false, message: '请先登录' }, { status: 401 }), jsonResponse(HISTORY));
    renderHistory(createQueryClient());
    expect(await screen.findByRole('alert')).toHaveTextContent('请先登录');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the history again when billing is invalidated (a paid order), showing the old list meanwhile', async () => {
    const paidAgain = { ...HISTORY, orders: [{ ...HISTORY.orders[0]!, outTradeNo: 'TM3', description: '天马金币充值 1800 币' }, ...HISTORY.orders] };
    const fetchMock = stubHistory(jsonResponse(HISTORY), jsonResponse(paidAgain));
    const { client } = renderHistory();
    await screen.findByText('天马金币充值 1100 币');
    act(() => void client.invalidateQueries({ queryKey: queryKeys.billing.all }));
    expect(screen.getByText('天马金币充值 1100 币')).toBeInTheDocument();
    expect(screen.queryByText('加载中...')).not.toBeInTheDocument();
    expect(await screen.findByText('天马金币充值 1800 币')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
