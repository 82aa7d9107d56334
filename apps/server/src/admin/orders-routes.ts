import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Auth } from '../accounts/auth.js';
import { listOrders, ORDER_FILTERS, type OrderFilter, presentRefund } from '../billing/orders/list-orders.js';
import { OUT_TRADE_NO_PATTERN } from '../billing/orders/out-trade-no.js';
import { type PaymentSetup, refundNotifyUrlOf } from '../billing/payment/registry.js';
import { refreshProcessingRefunds } from '../billing/refunds/refresh-refunds.js';
import { requestRefund } from '../billing/refunds/request-refund.js';
import type { Db } from '../platform/db/index.js';
import { badRequest, notFound } from '../platform/errors.js';
import { recordAudit } from './audit.js';
import { createOperatorGuard } from './operator-guard.js';
import { pageOf, parseBody } from './request-input.js';

export interface AdminOrderRouteDeps {
  db: Db;
  auth: Auth;
  /** The payment provider and notify URL in use; by default the app's (`app.payment`). */
  payment?: PaymentSetup;
  logger?: Logger;
}

const refundSchema = z.object({
  amountFen: z.number({ error: '退款金额必须是正整数（单位：分）' }).int('退款金额必须是正整数（单位：分）').positive('退款金额必须大于0'),
  reason: z.string({ error: '请填写退款原因' }).trim().min(2, '请填写退款原因（至少2个字）').max(500, '退款原因不能超过500字'),
  requestId: z.string().uuid('requestId 格式有误').optional(),
});

/** API.md answers processing, refunded or failed; a refund closed by the provider is a failed one. */
const apiStatus = (status: 'processing' | 'refunded' | 'failed' | 'closed') => (status === 'closed' ? 'failed' : status);

/**
 * Orders and refunds in the operator console (issue 21, point 4; decision 079): the list for any
 * operator, a refund only with the password confirmed, written to the audit log in the refund's
 * claiming transaction.
 */
export function registerAdminOrderRoutes(app: FastifyInstance, deps: AdminOrderRouteDeps): void {
  const guard = createOperatorGuard(deps.db, deps.auth);
  const refundDeps = () => {
    const payment = deps.payment ?? app.payment;
    // NOTE: the app logs through pino (platform/logger.ts); Fastify only types it more loosely.
    return { db: deps.db, provider: payment.provider, logger: deps.logger ?? (app.log as Logger), refundNotifyUrl: refundNotifyUrlOf(payment) };
  };

  app.get<{ Querystring: { status?: string; page?: string } }>('/api/admin/orders', async (request, reply) => {
    await guard.requireOperator(request, reply);
    const status = request.query.status || undefined;
    if (status !== undefined && !ORDER_FILTERS.includes(status as OrderFilter)) throw badRequest('status 只能是 pending、paid、closed 或 refunded');
    const page = pageOf(request.query.page);
    // Refunds left processing for over a minute are asked about first, so the list tells the truth.
    await refreshProcessingRefunds(refundDeps(), { limit: 5 }).catch((error) => request.log.warn({ err: error }, 'refreshing processing refunds failed'));
    reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await listOrders(deps.db, status as OrderFilter | undefined, page)) };
  });

  app.post<{ Params: { outTradeNo: string } }>('/api/admin/orders/:outTradeNo/refund', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(refundSchema, request.body);
    const { outTradeNo } = request.params;
    if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) throw notFound('订单不存在');
    const operator = { id: current.user.id, name: current.user.username };
    const { refund, repeated } = await requestRefund(
      refundDeps(),
      { outTradeNo, amountFen: body.amountFen, reason: body.reason, operatorId: operator.id, requestId: body.requestId },
      (tx, claim) =>
        recordAudit(tx, {
          operator,
          action: 'order.refund',
          target: `order:${claim.order.outTradeNo}`,
          before: { status: claim.order.status, amountFen: claim.order.amountFen, claimedFen: claim.claimedBeforeFen },
          after: { refundId: claim.refund.outRefundNo, amountFen: claim.refund.amountFen, status: claim.refund.status },
          reason: body.reason,
        }),
    );
    return {
      success: true,
      data: { refundId: refund.outRefundNo, status: apiStatus(refund.status), repeated, refund: presentRefund(refund) },
    };
  });
}
