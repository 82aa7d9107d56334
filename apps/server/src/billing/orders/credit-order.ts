import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '../../accounts/tables.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { recordPayment } from '../../platform/observability/metrics.js';
import { applyLedgerEntry } from '../ledger.js';
import type { PaymentProvider, ProviderTransaction } from '../payment/payment-provider.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';

export type CreditOutcome = 'credited' | 'already_paid' | 'not_paid';

export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';
}

/**
 * Applies a verified SUCCESS transaction to its order, exactly once: the order moves to paid
 * only from pending (or closed, when the payment raced the close), the transaction id is unique,
 * and the coins are credited under the transaction id's ledger key — all in one transaction.
 */
export async function creditOrder(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  transaction: ProviderTransaction,
): Promise<CreditOutcome> {
  const { db, provider, logger } = deps;
  if (transaction.mchid !== provider.mchid || transaction.appid !== provider.appid) {
    throw new PaymentMismatchError(`merchant or app mismatch for ${transaction.outTradeNo}`);
  }
  if (transaction.tradeState !== 'SUCCESS') return 'not_paid';
  if (!transaction.transactionId) throw new PaymentMismatchError(`SUCCESS without transaction id for ${transaction.outTradeNo}`);
  const transactionId = transaction.transactionId;

  const outcome = await db.transaction(async (tx): Promise<CreditOutcome> => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, transaction.outTradeNo)).for('update');
    if (!order) throw new PaymentMismatchError(`unknown order ${transaction.outTradeNo}`);
    if (transaction.amountFen !== order.amountFen) {
      throw new PaymentMismatchError(`amount ${transaction.amountFen} differs from order ${order.amountFen} for ${order.outTradeNo}`);
    }
    if (order.status === 'paid') {
      if (order.transactionId !== transactionId) logger.error({ outTradeNo: order.outTradeNo }, 'order paid twice with different transactions');
      return 'already_paid';
    }
    const [paid] = await tx
      .update(paymentOrders)
      .set({ status: 'paid', transactionId, paidAt: transaction.successTime ? new Date(transaction.successTime) : new Date(), updatedAt: new Date() })
      .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.status, ['pending', 'closed'])))
      .returning();
    if (!paid) return 'already_paid';
    await grantOrder(tx, paid, transactionId);
    logger.info({ outTradeNo: order.outTradeNo, coins: order.coins, pro: order.grantsPro }, 'order paid');
    return 'credited';
  });
  // Counted once committed, so a rolled-back credit is never counted as paid.
  if (outcome === 'credited') recordPayment('paid', provider.name);
  return outcome;
}

/** Coins (and the Pro month) of a paid order. */
async function grantOrder(tx: DbOrTx, order: PaymentOrderRow, transactionId: string): Promise<void> {
  const entry = await applyLedgerEntry(tx, {
    userId: order.userId,
    delta: order.coins,
    kind: order.grantsPro ? 'subscription' : 'purchase',
    idemKey: `payment:${transactionId}`,
    ref: order.outTradeNo,
    reason: order.description,
  });
  if (!entry.applied) throw new Error(`payment ${transactionId} was already credited`);
  if (order.grantsPro) {
    // One month from the later of now and the current expiry.
    await tx
      .update(users)
      .set({
        level: sql`greatest(${users.level}, 1)`,
        subscriptionExpiry: sql`greatest(now(), coalesce(${users.subscriptionExpiry}, now())) + interval '1 month'`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, order.userId));
  }
}
