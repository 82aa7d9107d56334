import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { coinLedger, paymentOrders } from './tables.js';

/**
 * The user's latest orders and ledger entries, newest first (the billing history page). Orders
 * are the real attempts only (decision 054): paid ones, and unpaid ones (open or closed) whose
 * pay page asked about them at least once (`last_checked_at`, set by the owner's status poll
 * only). An order whose QR code nobody watched — the page was left within a poll, or the
 * provider refused it — is not listed; reloads reuse one order, so they add nothing.
 */
export async function readBillingHistory(db: Db, userId: number) {
  const [orders, entries] = await Promise.all([
    db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), or(eq(paymentOrders.status, 'paid'), isNotNull(paymentOrders.lastCheckedAt))))
      .orderBy(desc(paymentOrders.createdAt))
      .limit(50),
    db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(desc(coinLedger.id)).limit(100),
  ]);
  return { orders, entries };
}
