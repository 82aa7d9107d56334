import { formatYuan } from '@tianma/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '../../accounts/tables.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { applyLedgerEntry } from '../ledger.js';
import type { ProviderRefund } from '../payment/payment-provider.js';
import { type PaymentOrderRow, type PaymentRefundRow, paymentOrders, paymentRefunds } from '../tables.js';
import { coinsToTakeBack, splitTakeBack } from './take-back.js';

/** An authentic report that does not fit our refund (another order, another amount) or names none of ours. */
export class RefundMismatchError extends Error {
  override name = 'RefundMismatchError';
  constructor(
    message: string,
    /** True when we have no refund of that number at all (one made by hand in the merchant platform). */
    readonly unknown = false,
  ) {
    super(message);
  }
}

export const REFUND_CLOSED_MESSAGE = '退款已关闭';
export const REFUND_ABNORMAL_MESSAGE = '退款异常（如收款账户已注销），请在微信支付商户平台处理';

/** The ledger key of a refund's take-back: one take-back per refund, whatever repeats. */
export const refundLedgerKey = (outRefundNo: string) => `refund:${outRefundNo}`;

export interface AppliedRefund {
  refund: PaymentRefundRow;
  /** False when the report changed nothing (a repeated notification, a query after the answer). */
  changed: boolean;
}

/**
 * Applies what the provider says about one of our refunds (its answer, a query or a verified
 * notification), exactly once: under the order's row lock and then the refund's, a SUCCESS moves
 * the refund to `refunded` only if it is not already, and in the same transaction takes the coins
 * back (the rule of take-back.ts; the ledger key `refund:<outRefundNo>`), records what the balance
 * could not give as owed, and shortens a Pro month. CLOSED and ABNORMAL end a processing refund
 * without touching coins; PROCESSING only records the provider's refund id.
 */
export async function applyRefundState(deps: { db: Db; logger: Logger }, report: ProviderRefund): Promise<AppliedRefund> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ orderId: paymentRefunds.orderId }).from(paymentRefunds).where(eq(paymentRefunds.outRefundNo, report.outRefundNo));
    if (!found) throw new RefundMismatchError(`unknown refund ${report.outRefundNo}`, true);
    // The order first, as claims and credits lock it: one lock order, no deadlock.
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, found.orderId)).for('update');
    const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.outRefundNo, report.outRefundNo)).for('update');
    if (!order || !refund) throw new RefundMismatchError(`refund ${report.outRefundNo} lost its order`);
    if (report.outTradeNo !== undefined && report.outTradeNo !== refund.outTradeNo) {
      throw new RefundMismatchError(`refund ${refund.outRefundNo} reported for order ${report.outTradeNo}, not ${refund.outTradeNo}`);
    }
    if (report.refundFen !== undefined && report.refundFen !== refund.amountFen) {
      throw new RefundMismatchError(`refund ${refund.outRefundNo} reported as ${report.refundFen} fen, not ${refund.amountFen}`);
    }
    if (report.totalFen !== undefined && report.totalFen !== order.amountFen) {
      throw new RefundMismatchError(`refund ${refund.outRefundNo} reported against a total of ${report.totalFen} fen, not ${order.amountFen}`);
    }
    const now = new Date();
    const providerFields = { providerRefundId: report.refundId, providerStatus: report.status, updatedAt: now };

    if (report.status === 'PROCESSING' || refund.status === 'refunded') {
      if (refund.status !== 'processing' || refund.providerRefundId === report.refundId) return { refund, changed: false };
      const [updated] = await tx.update(paymentRefunds).set(providerFields).where(eq(paymentRefunds.id, refund.id)).returning();
      return { refund: updated!, changed: false };
    }
    if (report.status === 'CLOSED' || report.status === 'ABNORMAL') {
      if (refund.status !== 'processing') return { refund, changed: false };
      const closed = report.status === 'CLOSED';
      const [updated] = await tx
        .update(paymentRefunds)
        .set({ ...providerFields, status: closed ? 'closed' : 'failed', failReason: closed ? REFUND_CLOSED_MESSAGE : REFUND_ABNORMAL_MESSAGE })
        .where(eq(paymentRefunds.id, refund.id))
        .returning();
      deps.logger.warn({ outRefundNo: refund.outRefundNo, status: report.status }, 'refund did not go through');
      return { refund: updated!, changed: true };
    }

    // SUCCESS. NOTE: also from failed or closed: the provider says the money went back (an abnormal
    // refund settled by hand in the merchant platform), so the coins follow.
    const refundedBefore = await refundedFenOf(tx, order.id, refund.id);
    if (refundedBefore + refund.amountFen > order.amountFen) {
      throw new RefundMismatchError(`refund ${refund.outRefundNo} would bring order ${order.outTradeNo} past its amount`);
    }
    const { clawedBack, owed } = await takeBack(tx, order, refund, refundedBefore);
    if (order.grantsPro) await shortenPro(tx, order, refundedBefore, refund.amountFen);
    const [updated] = await tx
      .update(paymentRefunds)
      .set({
        ...providerFields,
        status: 'refunded',
        coinsClawedBack: clawedBack,
        coinsOwed: owed,
        failReason: null,
        refundedAt: report.successTime && !Number.isNaN(Date.parse(report.successTime)) ? new Date(report.successTime) : now,
      })
      .where(and(eq(paymentRefunds.id, refund.id), ne(paymentRefunds.status, 'refunded')))
      .returning();
    if (!updated) throw new Error(`refund ${refund.outRefundNo} changed under its lock`);
    deps.logger.info({ outRefundNo: refund.outRefundNo, outTradeNo: order.outTradeNo, amountFen: refund.amountFen, clawedBack, owed }, 'refund succeeded');
    return { refund: updated, changed: true };
  });
}

/** Fen already refunded (succeeded) on the order, this refund aside. */
async function refundedFenOf(tx: DbOrTx, orderId: number, exceptRefundId: number): Promise<number> {
  const [row] = await tx
    .select({ fen: sql<string | number | null>`sum(${paymentRefunds.amountFen})` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, 'refunded'), ne(paymentRefunds.id, exceptRefundId)));
  return Number(row?.fen ?? 0);
}

/** Fen claimed on the order: refunds that succeeded or are still under way. */
export async function claimedFenOf(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ fen: sql<string | number | null>`sum(${paymentRefunds.amountFen})` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), inArray(paymentRefunds.status, ['processing', 'refunded'])));
  return Number(row?.fen ?? 0);
}

async function takeBack(tx: DbOrTx, order: PaymentOrderRow, refund: PaymentRefundRow, refundedBefore: number) {
  const coins = coinsToTakeBack(order, refundedBefore, refund.amountFen);
  // The user's row is locked as the ledger locks it, so the balance read here is the one debited.
  const [user] = await tx.select({ coinBalance: users.coinBalance }).from(users).where(eq(users.id, order.userId)).for('no key update');
  if (!user) throw new Error(`no user ${order.userId}`);
  const split = splitTakeBack(coins, user.coinBalance);
  if (split.clawedBack > 0) {
    const entry = await applyLedgerEntry(tx, {
      userId: order.userId,
      delta: -split.clawedBack,
      kind: 'refund',
      idemKey: refundLedgerKey(refund.outRefundNo),
      ref: order.outTradeNo,
      reason: `订单退款 ¥${formatYuan(refund.amountFen)}，扣回金币${split.owed > 0 ? `（余额不足，另欠 ${split.owed} 币）` : ''}`,
    });
    // The refund row's status guards this entry; a duplicate key here means the two disagree.
    if (!entry.applied) throw new Error(`take-back of refund ${refund.outRefundNo} was not applied: ${entry.reason}`);
  }
  return split;
}

/**
 * A Pro order's month is shortened by the refunded share of it (on the running total, so a full
 * refund removes the whole month), never to before now; a subscription already over is left alone.
 */
async function shortenPro(tx: DbOrTx, order: PaymentOrderRow, refundedBefore: number, refundFen: number): Promise<void> {
  const after = refundedBefore + refundFen;
  const share = sql`(interval '1 month' * (${after}::float8 / ${order.amountFen}::float8) - interval '1 month' * (${refundedBefore}::float8 / ${order.amountFen}::float8))`;
  await tx
    .update(users)
    .set({
      subscriptionExpiry: sql`CASE WHEN ${users.subscriptionExpiry} IS NULL OR ${users.subscriptionExpiry} <= now() THEN ${users.subscriptionExpiry}
        ELSE greatest(now(), ${users.subscriptionExpiry} - ${share}) END`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, order.userId));
}

/** A refund the provider refused outright (nothing happened there): the claimed amount is free again. */
export async function markRefundFailed(db: DbOrTx, refundId: number, failReason: string): Promise<PaymentRefundRow | undefined> {
  const [row] = await db
    .update(paymentRefunds)
    .set({ status: 'failed', failReason, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'processing')))
    .returning();
  return row;
}
