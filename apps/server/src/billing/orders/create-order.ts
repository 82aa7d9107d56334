import { INVALID_AMOUNT_MESSAGE, orderTerms } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { recordPayment } from '../../platform/observability/metrics.js';
import type { PaymentProvider } from '../payment/payment-provider.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';
import { newOutTradeNo } from './out-trade-no.js';

export const ORDER_TTL_MS = 15 * 60 * 1000;

/**
 * Creates an order whose coins and Pro grant follow from the amount and payType alone; the
 * client's description, coins or price are never trusted.
 */
export async function createOrder(
  deps: { db: Db; provider: PaymentProvider; logger: Logger; notifyUrl: string },
  input: { userId: number; amount: unknown; payType: unknown },
): Promise<PaymentOrderRow> {
  const terms = orderTerms(input.amount, input.payType);
  if (!terms) throw new AppError('BAD_REQUEST', INVALID_AMOUNT_MESSAGE);
  const outTradeNo = newOutTradeNo();
  const expiresAt = new Date(Date.now() + ORDER_TTL_MS);
  const [order] = await deps.db
    .insert(paymentOrders)
    .values({
      outTradeNo,
      userId: input.userId,
      payType: terms.payType,
      amountFen: terms.amountFen,
      coins: terms.coins,
      grantsPro: terms.grantsPro,
      description: terms.description,
      provider: deps.provider.name,
      expiresAt,
    })
    .returning();

  try {
    const { codeUrl } = await deps.provider.createNativeOrder({
      outTradeNo,
      description: terms.description,
      amountFen: terms.amountFen,
      expiresAt,
      notifyUrl: deps.notifyUrl,
    });
    const [withCode] = await deps.db.update(paymentOrders).set({ codeUrl, updatedAt: new Date() }).where(eq(paymentOrders.id, order!.id)).returning();
    recordPayment('created', deps.provider.name);
    return withCode!;
  } catch (error) {
    deps.logger.error({ err: error, outTradeNo }, 'payment provider refused the order');
    recordPayment('failed', deps.provider.name);
    await deps.db.update(paymentOrders).set({ status: 'closed', updatedAt: new Date() }).where(eq(paymentOrders.id, order!.id));
    throw new AppError('UNAVAILABLE', '支付服务暂时不可用，请稍后重试', { cause: error });
  }
}
