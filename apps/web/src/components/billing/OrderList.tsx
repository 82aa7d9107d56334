import type { BillingOrder, OrderStatus } from './billing-api';
import { zhDateTime } from './format-time';

const STATUS: Record<OrderStatus, { label: string; className: string }> = {
  pending: { label: '待支付', className: 'bg-amber-50 text-amber-700' },
  paid: { label: '已支付', className: 'bg-emerald-50 text-emerald-700' },
  closed: { label: '已关闭', className: 'bg-slate-100 text-slate-500' },
};

/** Top-up and Pro orders, newest first: the real attempts the server lists (decision 054), each with its order number as /pay showed it. */
export function OrderList({ orders }: { orders: BillingOrder[] }) {
  if (orders.length === 0) return <p className="py-8 text-center text-sm text-slate-400">暂无充值记录</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((order) => {
        const status = STATUS[order.status];
        return (
          <li key={order.outTradeNo} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-800">{order.description}</p>
              <p className="mt-1 text-xs text-slate-500">
                {order.coins} 币 · {zhDateTime(order.createdAt)}
              </p>
              <p className="mt-0.5 text-xs break-all text-slate-400">
                订单号 <span className="font-mono">{order.outTradeNo}</span>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-sm font-semibold text-slate-900">¥{order.amountYuan}</p>
              <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs ${status.className}`}>{status.label}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
