import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import type { PaymentProvider } from '../payment/payment-provider.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';
import { closeOrderEverywhere } from './close-order.js';
import { creditOrder } from './credit-order.js';

/** A pending order is asked about upstream at most this often. */
export const UPSTREAM_CHECK_INTERVAL_MS = 10_000;

/**
 * For a pending order not checked upstream lately, asks the provider once and credits a
 * SUCCESS; an order past its expiry is closed (or credited) instead. The claim is a conditional UPDATE of `last_checked_at`, so however many pollers
 * (tabs, processes) ask at once, one query is in flight per order.
 */
export async function refreshPendingOrder(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  order: PaymentOrderRow,
  now = new Date(),
): Promise<void> {
  if (order.status !== 'pending') return;
  const cutoff = new Date(now.getTime() - UPSTREAM_CHECK_INTERVAL_MS);
  const [claimed] = await deps.db
    .update(paymentOrders)
    .set({ lastCheckedAt: now })
    .where(
      and(
        eq(paymentOrders.id, order.id),
        eq(paymentOrders.status, 'pending'),
        or(isNull(paymentOrders.lastCheckedAt), lt(paymentOrders.lastCheckedAt, cutoff)),
      ),
    )
    .returning({ id: paymentOrders.id });
  if (!claimed) return;
  try {
    // Past its expiry the order is ended now rather than at the sweeper's next turn (decision 054).
    if (order.expiresAt.getTime() <= now.getTime()) {
      await closeOrderEverywhere(deps, order);
      return;
    }
    const transaction = await deps.provider.queryOrder(order.outTradeNo);
    if (transaction?.tradeState === 'SUCCESS') await creditOrder(deps, transaction);
  } catch (error) {
    // The notification path will still deliver; the poller only looks again later.
    deps.logger.warn({ err: error, outTradeNo: order.outTradeNo }, 'order status query failed');
  }
}

/**
 * The sweeper's part: pending orders past their expiry are checked one last time (a payment
 * that arrived is credited) and otherwise closed, upstream and here.
 */
export async function closeExpiredOrders(deps: { db: Db; provider: PaymentProvider; logger: Logger }, now = new Date()): Promise<number> {
  const expired = await deps.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'pending'), lt(paymentOrders.expiresAt, now)))
    .limit(200);
  let closed = 0;
  for (const order of expired) {
    try {
      if ((await closeOrderEverywhere(deps, order)) === 'closed') closed += 1;
    } catch (error) {
      deps.logger.warn({ err: error, outTradeNo: order.outTradeNo }, 'closing an expired order failed; will retry');
    }
  }
  return closed;
}
