import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminOrder, adminKeys, fetchOrders, type OrderFilter, type RefundStatus } from './admin-api';
import { beijingTime, count, errorMessage, yuan } from './admin-format';
import { CHIP, NOTE, SELECTED_CHIP, SMALL_BUTTON, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { Pager } from './Pager';
import { RefundDialog, refundableFen } from './RefundDialog';

const FILTERS: { value: OrderFilter | ''; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'paid', label: '已支付' },
  { value: 'pending', label: '待支付' },
  { value: 'closed', label: '已关闭' },
  { value: 'refunded', label: '已退款' },
];

const REFUND_LABELS: Record<RefundStatus, string> = { processing: '退款中', refunded: '已退款', failed: '退款失败', closed: '退款关闭' };

function statusLabel(order: AdminOrder): string {
  if (order.status === 'refunded') return order.refundedFen >= order.amountFen ? '已退款' : '部分退款';
  return FILTERS.find((filter) => filter.value === order.status)?.label ?? order.status;
}

/** 订单: every user's orders by status, with their refunds and a 退款 action. */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderFilter | ''>('');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const orders = useQuery({ queryKey: adminKeys.ordersPage(status, page), queryFn: ({ signal }) => fetchOrders(status, page, signal), placeholderData: keepPreviousData });

  return (
    <section aria-label="订单" className="space-y-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">订单状态</legend>
        {FILTERS.map((filter) => (
          <button
            key={filter.value || 'all'}
            type="button"
            aria-pressed={status === filter.value}
            className={status === filter.value ? SELECTED_CHIP : CHIP}
            onClick={() => {
              setStatus(filter.value);
              setPage(1);
            }}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>

      {orders.isPending ? (
        <p className={NOTE}>加载中...</p>
      ) : orders.isError ? (
        <p role="alert" className={NOTE}>
          {errorMessage(orders.error)}
        </p>
      ) : orders.data.data.length === 0 ? (
        <p className={NOTE}>没有{status ? FILTERS.find((filter) => filter.value === status)?.label : ''}订单</p>
      ) : (
        <div className={TABLE_BOX}>
          <table className={TABLE} aria-label="订单列表">
            <thead>
              <tr>
                {['订单号', '用户', '商品', '金额（元）', '金币', '状态', '支付时间', '退款', '操作'].map((title) => (
                  <th key={title} scope="col" className={TH}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.data.data.map((order) => (
                <tr key={order.outTradeNo} data-testid="admin-order-row">
                  <td className={`${TD} font-mono text-xs`}>{order.outTradeNo}</td>
                  <td className={TD}>{order.username}</td>
                  <td className={`${TD} min-w-36`}>{order.description}</td>
                  <td className={`${TD} tabular-nums`}>{yuan(order.amountFen)}</td>
                  <td className={`${TD} tabular-nums`}>{count(order.coins)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{statusLabel(order)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{beijingTime(order.paidAt)}</td>
                  <td className={`${TD} whitespace-nowrap text-xs`}>
                    {order.refunds.length === 0
                      ? '—'
                      : order.refunds.map((refund) => (
                          <div key={refund.refundId} title={refund.failReason ?? undefined}>
                            ¥{yuan(refund.amountFen)} {REFUND_LABELS[refund.status] ?? refund.status}
                          </div>
                        ))}
                  </td>
                  <td className={TD}>
                    {refundableFen(order) > 0 && (
                      <button type="button" className={SMALL_BUTTON} onClick={() => setRefunding(order)}>
                        退款
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orders.data && <Pager label="订单列表翻页" page={page} totalPages={orders.data.totalPages} onPage={setPage} />}
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}
