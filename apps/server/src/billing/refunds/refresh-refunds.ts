import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import type { PaymentProvider } from '../payment/payment-provider.js';
import { paymentOrders, paymentRefunds } from '../tables.js';
import { applyRefundState } from './apply-refund.js';
import { askProvider } from './request-refund.js';

/** A processing refund is asked about upstream once it is this old, and at most this often. */
export const REFUND_CHECK_AFTER_MS = 60_000;

/**
 * Settles refunds left processing (no notification yet, or the create call got no answer): each
 * one older than a minute and not checked in the last minute is claimed (a conditional UPDATE of
 * `last_checked_at`, so one query per refund however many callers), queried, and its state
 * applied; one the provider does not know is sent again under the same number, which cannot
 * refund twice. Called by the console's order list; a sweeper may call it as well.
 */
export async function refreshProcessingRefunds(
  /** Without `refundNotifyUrl` (a sweeper that has none) a refund unknown upstream is only left for a later look. */
  deps: { db: Db; provider: PaymentProvider; logger: Logger; refundNotifyUrl?: string },
  options: { limit?: number; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - REFUND_CHECK_AFTER_MS);
  const stale = and(
    eq(paymentRefunds.status, 'processing'),
    lt(paymentRefunds.createdAt, cutoff),
    or(isNull(paymentRefunds.lastCheckedAt), lt(paymentRefunds.lastCheckedAt, cutoff)),
  );
  const due = await deps.db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(stale).limit(options.limit ?? 10);
  const settled = await Promise.all(
    due.map(async ({ id }) => {
      const [claimed] = await deps.db.update(paymentRefunds).set({ lastCheckedAt: now }).where(and(eq(paymentRefunds.id, id), stale)).returning();
      if (!claimed) return false;
      try {
        const known = await deps.provider.queryRefund(claimed.outRefundNo);
        if (known) return (await applyRefundState(deps, known)).changed;
        if (deps.refundNotifyUrl === undefined) return false;
        const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.id, claimed.orderId));
        return (await askProvider({ ...deps, refundNotifyUrl: deps.refundNotifyUrl }, order!, claimed)).status !== 'processing';
      } catch (error) {
        deps.logger.warn({ err: error, outRefundNo: claimed.outRefundNo }, 'refund status query failed; will ask again');
        return false;
      }
    }),
  );
  return settled.filter(Boolean).length;
}
