import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { toAppError } from '../platform/http/error-handler.js';
import { recordPaymentNotification } from '../platform/observability/metrics.js';
import { creditOrder, PaymentMismatchError } from './orders/credit-order.js';
import { type PaymentProvider, PaymentProviderError, type ProviderRefund, type ProviderTransaction } from './payment/payment-provider.js';
import { applyRefundState, RefundMismatchError } from './refunds/apply-refund.js';

export const NOTIFY_PATH = '/api/account/pay/notify/wechat';
/** Refund notifications (REFUND.SUCCESS / ABNORMAL / CLOSED), verified exactly as payment ones. */
export const REFUND_NOTIFY_PATH = `${NOTIFY_PATH}/refund`;

const fail = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ code: 'FAIL', message });

/**
 * WeChat Pay notifications (and the sandbox's, which take the same path). The body is kept as
 * raw bytes: the signature covers them exactly. Any doubt answers 4xx/5xx, so WeChat retries.
 */
export async function registerNotifyRoutes(app: FastifyInstance, deps: { db: Db; provider: PaymentProvider; logger: Logger }): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    // Refusals raised before the handler runs (a body over 64 kB, a foreign Origin) keep the shape WeChat Pay reads.
    scope.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      request.log.warn({ code: appError.code }, 'payment notification refused before verification');
      return fail(reply, appError.status, appError.userMessage);
    });

    scope.post(NOTIFY_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
      let transaction: ProviderTransaction;
      try {
        transaction = await deps.provider.parseNotification(headers, raw);
      } catch (error) {
        const code = error instanceof PaymentProviderError ? error.code : 'UNKNOWN';
        request.log.warn({ code }, 'payment notification refused');
        recordPaymentNotification('rejected');
        return fail(reply, 401, '签名验证失败');
      }
      try {
        const outcome = await creditOrder(deps, transaction);
        recordPaymentNotification(outcome === 'already_paid' ? 'duplicate' : 'accepted');
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof PaymentMismatchError) {
          request.log.error({ reason: error.message, outTradeNo: transaction.outTradeNo }, 'payment notification does not match the order');
          recordPaymentNotification('rejected');
          return fail(reply, 400, '订单信息不一致');
        }
        request.log.error({ err: error, outTradeNo: transaction.outTradeNo }, 'crediting a payment failed');
        recordPaymentNotification('error');
        return fail(reply, 500, '处理失败，请稍后重试');
      }
    });

    scope.post(REFUND_NOTIFY_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
      let refund: ProviderRefund;
      try {
        refund = await deps.provider.parseRefundNotification(headers, raw);
      } catch (error) {
        const code = error instanceof PaymentProviderError ? error.code : 'UNKNOWN';
        request.log.warn({ code }, 'refund notification refused');
        return fail(reply, 401, '签名验证失败');
      }
      if (refund.mchid !== undefined && refund.mchid !== deps.provider.mchid) {
        request.log.error({ outRefundNo: refund.outRefundNo }, 'refund notification for another merchant');
        return fail(reply, 400, '商户号不一致');
      }
      try {
        // A repeated notification finds the refund settled and changes nothing.
        await applyRefundState(deps, refund);
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof RefundMismatchError && error.unknown) {
          // Authentic, but not one of ours (made by hand in the merchant platform): retrying cannot help.
          request.log.error({ outRefundNo: refund.outRefundNo, status: refund.status }, 'refund notification for a refund we did not make');
          return reply.status(204).send();
        }
        if (error instanceof RefundMismatchError) {
          request.log.error({ reason: error.message, outRefundNo: refund.outRefundNo }, 'refund notification does not match the refund');
          return fail(reply, 400, '退款信息不一致');
        }
        request.log.error({ err: error, outRefundNo: refund.outRefundNo }, 'applying a refund failed');
        return fail(reply, 500, '处理失败，请稍后重试');
      }
    });
  });
}
