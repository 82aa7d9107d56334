import { INVALID_AMOUNT_MESSAGE, orderTerms } from '@tianma/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { recordPayment } from '../../platform/observability/metrics.js';
import type { PaymentProvider } from '../payment/payment-provider.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';
import { closeOrderEverywhere } from './close-order.js';
import { newOutTradeNo } from './out-trade-no.js';

/**
 * An order's validity window (decision 054): its `time_expire` at WeChat Pay, which then refuses
 * to take the payment. Well inside the 2 hours a Native code_url lives.
 */
export const ORDER_TTL_MS = 15 * 60 * 1000;
/**
 * Opening /pay again reuses the open order only while at least this much of its window is left
 * (time to scan and pay); in its last minutes it is closed and a fresh order is made.
 */
export const ORDER_REUSE_MIN_LEFT_MS = 5 * 60 * 1000;
/** A pending order still without a QR code is being created by a concurrent request for this long at most. */
const CREATION_GRACE_MS = 30_000;
const WAIT_STEP_MS = 100;
const CREATE_DEADLINE_MS = 20_000;

type Deps = { db: Db; provider: PaymentProvider; logger: Logger; notifyUrl: string };

const UNAVAILABLE = '支付服务暂时不可用，请稍后重试';

/**
 * The user's order for this kind and amount: their open order when it is still good for a scan
 * (the same order number and QR code as before), or else a new one. Coins and the Pro grant
 * follow from the amount and payType alone; the client's description, coins or price are never
 * trusted. The partial unique index `payment_orders_open_idx` keeps one pending order per user,
 * kind and amount, so two concurrent requests meet at the insert: the loser waits for the
 * winner's QR code and answers the same order.
 */
export async function createOrder(deps: Deps, input: { userId: number; amount: unknown; payType: unknown }): Promise<PaymentOrderRow> {
  const terms = orderTerms(input.amount, input.payType);
  if (!terms) throw new AppError('BAD_REQUEST', INVALID_AMOUNT_MESSAGE);
  const deadline = Date.now() + CREATE_DEADLINE_MS;
  while (Date.now() < deadline) {
    const [open] = await deps.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, input.userId),
          eq(paymentOrders.payType, terms.payType),
          eq(paymentOrders.amountFen, terms.amountFen),
          eq(paymentOrders.status, 'pending'),
        ),
      )
      .orderBy(desc(paymentOrders.id))
      .limit(1);
    if (open) {
      const now = Date.now();
      if (open.codeUrl && open.expiresAt.getTime() - now >= ORDER_REUSE_MIN_LEFT_MS) return open;
      if (!open.codeUrl && now - open.createdAt.getTime() < CREATION_GRACE_MS) {
        await sleep(WAIT_STEP_MS);
        continue;
      }
      const closed = await retire(deps, open);
      // Refused by the provider (the payer may be paying it right now): while it is still valid it is answered as it is.
      if (!closed && open.codeUrl && open.expiresAt.getTime() > Date.now()) return open;
      if (!closed) throw new AppError('UNAVAILABLE', UNAVAILABLE);
      continue;
    }
    const created = await insertAndRegister(deps, input.userId, terms);
    if (created) return created;
  }
  throw new AppError('UNAVAILABLE', UNAVAILABLE);
}

/** An open order too old to reuse (or left without a QR code) is ended before a new one is made; false when that failed. */
async function retire(deps: Deps, order: PaymentOrderRow): Promise<boolean> {
  try {
    await closeOrderEverywhere(deps, order);
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, outTradeNo: order.outTradeNo }, 'closing a stale open order failed');
    return false;
  }
}

/** Null when a concurrent request inserted the user's open order first. */
async function insertAndRegister(
  deps: Deps,
  userId: number,
  terms: NonNullable<ReturnType<typeof orderTerms>>,
): Promise<PaymentOrderRow | null> {
  const outTradeNo = newOutTradeNo();
  const expiresAt = new Date(Date.now() + ORDER_TTL_MS);
  const [order] = await deps.db
    .insert(paymentOrders)
    .values({
      outTradeNo,
      userId,
      payType: terms.payType,
      amountFen: terms.amountFen,
      coins: terms.coins,
      grantsPro: terms.grantsPro,
      description: terms.description,
      provider: deps.provider.name,
      expiresAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!order) return null;

  try {
    const { codeUrl } = await deps.provider.createNativeOrder({
      outTradeNo,
      description: terms.description,
      amountFen: terms.amountFen,
      expiresAt,
      notifyUrl: deps.notifyUrl,
    });
    const [withCode] = await deps.db.update(paymentOrders).set({ codeUrl, updatedAt: new Date() }).where(eq(paymentOrders.id, order.id)).returning();
    recordPayment('created', deps.provider.name);
    return withCode!;
  } catch (error) {
    deps.logger.error({ err: error, outTradeNo }, 'payment provider refused the order');
    recordPayment('failed', deps.provider.name);
    await deps.db.update(paymentOrders).set({ status: 'closed', updatedAt: new Date() }).where(eq(paymentOrders.id, order.id));
    throw new AppError('UNAVAILABLE', UNAVAILABLE, { cause: error });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
