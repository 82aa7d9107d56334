import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * The coin ledger: append-only, one row per balance change, written in the same transaction as
 * the change. `idemKey` is unique so that a retried credit or debit is recorded once.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref'),
    reason: text('reason'),
    idemKey: text('idem_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('coin_ledger_user_idx').on(table.userId, table.createdAt)],
);

export type LedgerKind = 'registration_gift' | 'purchase' | 'subscription' | 'hold' | 'settle' | 'release' | 'adjustment';
