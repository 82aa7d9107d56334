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
