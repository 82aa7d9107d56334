import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { toAppError } from '../platform/http/error-handler.js';
import { recordPaymentNotification } from '../platform/observability/metrics.js';
import { creditOrder, PaymentMismatchError } from './orders/credit-order.js';
import { type PaymentProvider, PaymentProviderError, type ProviderTransaction } from './payment/payment-provider.js';

export const NOTIFY_PATH = '/api/account/pay/notify/wechat';

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
  });
}
