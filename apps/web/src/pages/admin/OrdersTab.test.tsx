import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../components/account/test-fetch';
import { jsonResponse } from '../../test/fixtures';
import type { AdminOrder } from './admin-api';
import { inAQuarterHour, renderConsole, session } from './admin-test-support';
import { parseYuan } from './RefundDialog';

const order = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  outTradeNo: 'TM20260105A',
  userId: 12,
  username: 'bob',
  description: '天马金币充值 1100 币',
  amountFen: 2000,
  coins: 1100,
  status: 'paid',
  paidAt: '2026-01-05T06:03:00.000Z',
  refundedFen: 0,
  refundingFen: 0,
  createdAt: '2026-01-05T06:02:00.000Z',
  refunds: [],
  ...overrides,
});

const list = (...orders: AdminOrder[]) => jsonResponse({ success: true, data: orders, page: 1, totalPages: 1 });
const REFUND = '/api/admin/orders/TM20260105A/refund';

describe('the console’s orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads 元 as 分 within what is left to refund', () => {
    expect(parseYuan('20', 2000)).toEqual({ fen: 2000 });
    expect(parseYuan('0.1', 2000)).toEqual({ fen: 10 });
    expect(parseYuan('19.99', 2000)).toEqual({ fen: 1999 });
    expect(parseYuan('20.01', 2000)).toEqual({ problem: '最多可退 ¥20.00' });
    expect(parseYuan('1.234', 2000)).toEqual({ problem: '请输入金额（元），最多两位小数' });
    expect(parseYuan('0', 2000)).toEqual({ problem: '退款金额必须大于0' });
  });

  it('lists orders by status with their refunds, and refunds part of one', async () => {
    const api = stubApi({
      '/api/admin/session': () => session(inAQuarterHour()),
      '/api/admin/orders?page=1': () =>
        list(
          order(),
          order({
            outTradeNo: 'TM20260104B',
            status: 'refunded',
            refundedFen: 500,
            refunds: [{ refundId: 'RF1', amountFen: 500, status: 'refunded', failReason: null, createdAt: '2026-01-05T07:00:00.000Z' }],
          }),
          order({ outTradeNo: 'TM20260103C', status: 'pending', paidAt: null }),
        ),
      '/api/admin/orders?status=pending&page=1': () => list(order({ outTradeNo: 'TM20260103C', status: 'pending', paidAt: null })),
      [REFUND]: () => jsonResponse({ success: true, data: { refundId: 'RF2', status: 'processing', repeated: false } }),
    });
    const user = userEvent.setup();
    renderConsole('/admin?tab=orders');

    const paid = await screen.findByRole('row', { name: /TM20260105A/ });
    expect(paid).toHaveTextContent('20.00');
    expect(paid).toHaveTextContent('1,100');
    expect(paid).toHaveTextContent('已支付');
    expect(paid).toHaveTextContent('2026/01/05 14:03');
    const partly = screen.getByRole('row', { name: /TM20260104B/ });
    expect(partly).toHaveTextContent('部分退款');
    expect(partly).toHaveTextContent('¥5.00 已退款');
    const pending = screen.getByRole('row', { name: /TM20260103C/ });
    expect(pending).toHaveTextContent('待支付');
    expect(within(pending).queryByRole('button', { name: '退款' })).not.toBeInTheDocument();

    await user.click(within(paid).getByRole('button', { name: '退款' }));
    const dialog = screen.getByRole('dialog', { name: '退款' });
    const amount = within(dialog).getByLabelText('退款金额（元）');
    expect(amount).toHaveValue('20.00');
    await user.clear(amount);
    await user.type(amount, '25');
    expect(dialog).toHaveTextContent('最多可退 ¥20.00');
    await user.clear(amount);
    await user.type(amount, '5.5');
    await user.type(within(dialog).getByLabelText('操作原因'), '用户申请部分退款');
    await user.click(within(dialog).getByRole('button', { name: '确认退款' }));

    await screen.findByText('退款 ¥5.50 已提交，正在处理');
    expect(api.bodiesOf(REFUND)).toEqual([{ amountFen: 550, reason: '用户申请部分退款', requestId: expect.any(String) }]);

    await user.click(screen.getByRole('button', { name: '待支付' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /TM20260105A/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /TM20260103C/ })).toBeInTheDocument();
  });
});
