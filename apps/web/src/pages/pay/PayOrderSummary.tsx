import { formatYuan, type PayPageRequest } from '@tianma/shared';
import type { PayOrder } from './pay-api';

interface PayOrderSummaryProps {
  request: PayPageRequest;
  /** Once created: the server's own figures and the order number. */
  order: PayOrder | null;
}

/** Price, what is bought and the order number. */
export function PayOrderSummary({ request, order }: PayOrderSummaryProps) {
  const yuan = order?.amountYuan ?? formatYuan(request.amountFen);
  const coins = order?.coins ?? request.coins;
  return (
    <div className="text-center">
      <p className="text-3xl font-bold text-indigo-600">¥{yuan}</p>
      <p className="mt-2 font-medium text-slate-800">{order?.description ?? request.description}</p>
      <p className="mt-1 text-sm text-amber-600">{`${request.coinsLabel} ${coins} 币`}</p>
      {order && (
        <p className="mt-3 text-xs break-all text-slate-500">
          订单号：<span className="font-mono">{order.outTradeNo}</span>
        </p>
      )}
    </div>
  );
}
