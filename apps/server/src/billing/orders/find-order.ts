import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { type PaymentOrderRow, paymentOrders } from '../tables.js';
import { OUT_TRADE_NO_PATTERN } from './out-trade-no.js';

/** The user's own order; undefined for a malformed number or anyone else's order. */
export async function findOwnOrder(db: DbOrTx, userId: number, outTradeNo: string): Promise<PaymentOrderRow | undefined> {
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) return undefined;
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.outTradeNo, outTradeNo), eq(paymentOrders.userId, userId)));
  return row;
}
