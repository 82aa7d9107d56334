import { formatYuan } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { type PaymentProvider, PaymentProviderError } from '../payment/payment-provider.js';
import { type PaymentOrderRow, type PaymentRefundRow, paymentOrders, paymentRefunds } from '../tables.js';
import { applyRefundState, claimedFenOf, markRefundFailed } from './apply-refund.js';
import { newOutRefundNo } from './out-refund-no.js';

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
  /** HTTPS, no query: where the provider sends the refund notification. */
  refundNotifyUrl: string;
}

export interface RefundRequest {
  outTradeNo: string;
  amountFen: number;
  reason: string;
  operatorId: number | null;
  /** The console's idempotency key: the same request again answers the same refund. */
  requestId?: string;
}

/** Written in the claim's transaction (the operator console's audit entry). */
export type OnRefundClaimed = (tx: DbOrTx, claim: { order: PaymentOrderRow; refund: PaymentRefundRow; claimedBeforeFen: number }) => Promise<void>;

export interface RefundResult {
  refund: PaymentRefundRow;
  /** True when the requestId named a refund asked for before: nothing new happened. */
  repeated: boolean;
}

/**
 * Refunds part or all of a paid order (decision 079). First, in one transaction under the order's
 * row lock, the amount is checked against what is left (the order's amount less every refund
 * that succeeded or is under way) and claimed by inserting the refund as `processing`, with the
 * caller's audit entry: however many clicks arrive at once, the money is claimed once. Then, with
 * the lock released, the provider is asked; its answer is applied by applyRefundState, the same
 * path as the notification and the query. A refusal from the provider ends the refund as failed;
 * no answer leaves it processing, for the notification or a later query to settle.
 */
export async function requestRefund(deps: RefundDeps, input: RefundRequest, onClaimed?: OnRefundClaimed): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw badRequest('退款金额必须是正整数（单位：分）');
  const claim = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, input.outTradeNo)).for('update');
    if (!order) throw notFound('订单不存在');
    if (input.requestId) {
      const [earlier] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.requestId, input.requestId));
      if (earlier && earlier.orderId !== order.id) throw badRequest('requestId 已用于其他订单的退款');
      if (earlier) return { order, refund: earlier, repeated: true };
    }
    if (order.status !== 'paid') throw badRequest('只有已支付的订单可以退款');
    const claimedBeforeFen = await claimedFenOf(tx, order.id);
    const remaining = order.amountFen - claimedBeforeFen;
    if (remaining <= 0) throw badRequest('该订单已全额退款（或退款正在处理中）');
    if (input.amountFen > remaining) throw badRequest(`退款金额超出可退金额：该订单最多还可退 ¥${formatYuan(remaining)}`);
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        outRefundNo: newOutRefundNo(),
        orderId: order.id,
        outTradeNo: order.outTradeNo,
        userId: order.userId,
        amountFen: input.amountFen,
        reason: input.reason,
        requestId: input.requestId ?? null,
        operatorId: input.operatorId,
      })
      .returning();
    await onClaimed?.(tx, { order, refund: refund!, claimedBeforeFen });
    return { order, refund: refund!, repeated: false };
  });
  if (claim.repeated) return { refund: claim.refund, repeated: true };
  return { refund: await askProvider(deps, claim.order, claim.refund), repeated: false };
}

/** Sends (or sends again: the same number is the same refund) the refund to the provider and applies its answer. */
export async function askProvider(deps: RefundDeps, order: PaymentOrderRow, refund: PaymentRefundRow): Promise<PaymentRefundRow> {
  try {
    const answer = await deps.provider.createRefund({
      outTradeNo: order.outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundFen: refund.amountFen,
      totalFen: order.amountFen,
      reason: refund.reason,
      notifyUrl: deps.refundNotifyUrl,
    });
    return (await applyRefundState(deps, answer)).refund;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.refused) {
      deps.logger.warn({ outRefundNo: refund.outRefundNo, code: error.code }, 'the provider refused the refund');
      return (await markRefundFailed(deps.db, refund.id, `支付平台拒绝退款（${error.code}）`)) ?? (await reread(deps.db, refund.id));
    }
    // No answer, or one we could not trust: WeChat may have the refund. It stays processing until
    // the notification arrives or a query settles it.
    deps.logger.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund request got no usable answer; it stays processing');
    return reread(deps.db, refund.id);
  }
}

async function reread(db: Db, refundId: number): Promise<PaymentRefundRow> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  return row!;
}
