import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import { recordPayment } from '../../platform/observability/metrics.js';
import type { PaymentProvider } from '../payment/payment-provider.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';
import { creditOrder } from './credit-order.js';

export type CloseOutcome = 'closed' | 'paid';

/**
 * Ends one pending order for good: the provider is asked first, and a payment it knows of is
 * credited instead; otherwise the order is closed at the provider (WeChat Pay's close-order call)
 * and then here. When the close is refused, the provider is asked once more (the payer may have
 * paid in between) and a payment is credited; any other failure throws and nothing changes here,
 * so the sweeper tries again. Money is never lost: crediting accepts a closed order as well.
 */
export async function closeOrderEverywhere(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  order: PaymentOrderRow,
): Promise<CloseOutcome> {
  const transaction = await deps.provider.queryOrder(order.outTradeNo);
  if (transaction?.tradeState === 'SUCCESS') {
    await creditOrder(deps, transaction);
    return 'paid';
  }
  // Unknown upstream (the create never reached it) or already closed there: nothing to close.
  if (transaction && transaction.tradeState !== 'CLOSED') {
    try {
      await deps.provider.closeOrder(order.outTradeNo);
    } catch (error) {
      const again = await deps.provider.queryOrder(order.outTradeNo);
      if (again?.tradeState === 'SUCCESS') {
        await creditOrder(deps, again);
        return 'paid';
      }
      throw error;
    }
  }
  const [row] = await deps.db
    .update(paymentOrders)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  if (row) {
    recordPayment('closed', deps.provider.name);
    deps.logger.info({ outTradeNo: order.outTradeNo }, 'order closed');
  }
  return 'closed';
}
