import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../platform/db/index.js';

/** An integer as a raw query gives it back: bigint and numeric columns do not arrive as numbers. */
type RawInteger = number | string | bigint;

export interface BalanceMismatch {
  userId: number;
  deepspaceId: number;
  username: string;
  balance: number;
  ledgerSum: number;
  lastBalanceAfter: number | null;
}

/**
 * Every balance must equal the sum of its ledger, and the newest ledger row's balance_after must
 * equal the balance. Answers the users for whom either fails (an empty list means all is well).
 * NOTE: raw rows carry bigint columns as strings (node-postgres) or bigints (PGlite) and the sum
 * as numeric text, so every figure goes through Number(); the bounds keep them exact.
 */
export async function findBalanceMismatches(db: Db): Promise<BalanceMismatch[]> {
  const rows = await queryRows<{
    user_id: RawInteger;
    deepspace_id: RawInteger;
    username: string;
    balance: RawInteger;
    ledger_sum: RawInteger;
    last_after: RawInteger | null;
  }>(
    db,
    sql`
      SELECT u.id AS user_id, u.deepspace_id, u.username, u.coin_balance AS balance,
             coalesce(s.ledger_sum, 0) AS ledger_sum, s.last_after
      FROM users u
      LEFT JOIN (
        SELECT user_id, sum(delta) AS ledger_sum,
               (array_agg(balance_after ORDER BY id DESC))[1] AS last_after
        FROM coin_ledger GROUP BY user_id
      ) s ON s.user_id = u.id
      WHERE u.coin_balance <> coalesce(s.ledger_sum, 0)
         OR (s.last_after IS NOT NULL AND s.last_after <> u.coin_balance)
      ORDER BY u.id`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    deepspaceId: Number(row.deepspace_id),
    username: row.username,
    balance: Number(row.balance),
    ledgerSum: Number(row.ledger_sum),
    lastBalanceAfter: row.last_after === null ? null : Number(row.last_after),
  }));
}

export interface RefundMismatch {
  outTradeNo: string | null;
  outRefundNo: string | null;
  problem: string;
}

/**
 * Refunds against the orders and the ledger (decision 079); an empty list means all is well:
 * - per order: refunds only on paid orders, the refunds that succeeded or are under way within its
 *   amount, and the coins its refunds took back plus those owed equal to floor(coins × refunded / amount);
 * - per refund: a succeeded one has exactly its take-back in the ledger (key `refund:<no>`, kind
 *   refund, its user), a refund that did not succeed has no ledger entry and takes nothing;
 * - no ledger entry of kind refund without its refund.
 */
export async function findRefundMismatches(db: Db): Promise<RefundMismatch[]> {
  const rows = await queryRows<{ out_trade_no: string | null; out_refund_no: string | null; problem: string }>(
    db,
    sql`
      SELECT o.out_trade_no, NULL AS out_refund_no,
             CASE WHEN o.status <> 'paid' THEN 'refunds on an order that is not paid'
                  WHEN r.claimed > o.amount_fen THEN 'refunds exceed the order amount'
                  ELSE 'coins taken back and owed differ from the refunded share' END AS problem
      FROM payment_orders o
      JOIN (
        SELECT order_id,
               coalesce(sum(amount_fen) FILTER (WHERE status IN ('processing', 'refunded')), 0) AS claimed,
               coalesce(sum(amount_fen) FILTER (WHERE status = 'refunded'), 0) AS refunded,
               coalesce(sum(coins_clawed_back + coins_owed) FILTER (WHERE status = 'refunded'), 0) AS taken
        FROM payment_refunds GROUP BY order_id
      ) r ON r.order_id = o.id
      WHERE o.status <> 'paid' OR r.claimed > o.amount_fen OR r.taken <> (o.coins * r.refunded) / o.amount_fen
      UNION ALL
      SELECT r.out_trade_no, r.out_refund_no,
             CASE WHEN r.status = 'refunded' THEN 'the ledger does not hold the coins this refund took back'
                  ELSE 'a refund that did not succeed took coins' END
      FROM payment_refunds r
      LEFT JOIN coin_ledger l ON l.idem_key = 'refund:' || r.out_refund_no
      WHERE (r.status = 'refunded' AND coalesce(-l.delta, 0) <> r.coins_clawed_back)
         OR (r.status <> 'refunded' AND (l.id IS NOT NULL OR r.coins_clawed_back <> 0 OR r.coins_owed <> 0))
         OR (l.id IS NOT NULL AND (l.kind <> 'refund' OR l.user_id <> r.user_id))
      UNION ALL
      SELECT l.ref, NULL, 'a refund ledger entry without its refund (' || l.idem_key || ')'
      FROM coin_ledger l
      WHERE l.kind = 'refund' AND NOT EXISTS (SELECT 1 FROM payment_refunds r WHERE 'refund:' || r.out_refund_no = l.idem_key)`,
  );
  return rows.map((row) => ({ outTradeNo: row.out_trade_no, outRefundNo: row.out_refund_no, problem: row.problem }));
}
