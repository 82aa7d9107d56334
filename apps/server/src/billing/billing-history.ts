import { desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { coinLedger, paymentOrders } from './tables.js';

/** The user's latest orders and ledger entries, newest first (the billing history page). */
export async function readBillingHistory(db: Db, userId: number) {
  const [orders, entries] = await Promise.all([
    db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId)).orderBy(desc(paymentOrders.createdAt)).limit(50),
    db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(desc(coinLedger.id)).limit(100),
  ]);
  return { orders, entries };
}
