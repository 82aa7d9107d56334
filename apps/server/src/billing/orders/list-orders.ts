import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { users } from '../../accounts/tables.js';
import type { Db } from '../../platform/db/index.js';
import { type PaymentRefundRow, paymentOrders, paymentRefunds } from '../tables.js';

export const ORDERS_PAGE_SIZE = 20;
export const ORDER_FILTERS = ['pending', 'paid', 'closed', 'refunded'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

const hasRefunded = sql`exists (select 1 from ${paymentRefunds} r where r.order_id = ${paymentOrders.id} and r.status = 'refunded')`;

/**
 * All users' orders for the operator console, newest first. `refunded` means some of the order's
 * money went back (a refund that succeeded); `paid` means paid and nothing refunded yet (a refund
 * still processing leaves it under paid, with `refundingFen`).
 */
export async function listOrders(db: Db, filter: OrderFilter | undefined, page: number) {
  const where: SQL | undefined =
    filter === 'refunded'
      ? hasRefunded
      : filter === 'paid'
        ? and(eq(paymentOrders.status, 'paid'), sql`not ${hasRefunded}`)
        : filter
          ? eq(paymentOrders.status, filter)
          : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: paymentOrders, username: users.username })
      .from(paymentOrders)
      .innerJoin(users, eq(users.id, paymentOrders.userId))
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  const ids = rows.map((row) => row.order.id);
  const refunds = ids.length ? await db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderId, ids)).orderBy(paymentRefunds.id) : [];
  const byOrder = new Map<number, PaymentRefundRow[]>();
  for (const refund of refunds) byOrder.set(refund.orderId, [...(byOrder.get(refund.orderId) ?? []), refund]);
  return {
    data: rows.map(({ order, username }) => {
      const own = byOrder.get(order.id) ?? [];
      const sum = (status: PaymentRefundRow['status']) => own.filter((r) => r.status === status).reduce((fen, r) => fen + r.amountFen, 0);
      const refundedFen = sum('refunded');
      return {
        outTradeNo: order.outTradeNo,
        userId: order.userId,
        amountFen: order.amountFen,
        coins: order.coins,
        status: refundedFen > 0 ? 'refunded' : order.status,
        paidAt: order.paidAt?.toISOString() ?? null,
        refundedFen,
        refundingFen: sum('processing'),
        username,
        payType: order.payType,
        grantsPro: order.grantsPro,
        description: order.description,
        provider: order.provider,
        createdAt: order.createdAt.toISOString(),
        refunds: own.map(presentRefund),
      };
    }),
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / ORDERS_PAGE_SIZE)),
  };
}

/** A refund as the console shows it; `refundId` is our refund number (out_refund_no). */
export function presentRefund(refund: PaymentRefundRow) {
  return {
    refundId: refund.outRefundNo,
    amountFen: refund.amountFen,
    status: refund.status,
    coinsClawedBack: refund.coinsClawedBack,
    coinsOwed: refund.coinsOwed,
    reason: refund.reason,
    failReason: refund.failReason,
    providerRefundId: refund.providerRefundId,
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt?.toISOString() ?? null,
  };
}
