import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * The coin ledger: append-only, one row per balance change, written in the same transaction as
 * the change. `idemKey` is unique so that a retried credit or debit is recorded once.
 * NOTE: every amount and coin column is 64-bit (read back as a JS number; the bounds of
 * packages/shared keep each figure far inside the safe integers), but a SUM over one is numeric
 * in PostgreSQL and arrives as a string: raw queries parse it with Number() (reconcile.ts).
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    ref: text('ref'),
    reason: text('reason'),
    idemKey: text('idem_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('coin_ledger_user_idx').on(table.userId, table.createdAt), index('coin_ledger_created_at_idx').on(table.createdAt)],
);

/** 'refund': coins taken back when an order is refunded (decision 079). */
export type LedgerKind = 'registration_gift' | 'purchase' | 'subscription' | 'hold' | 'release' | 'adjustment' | 'refund';

/**
 * Coin reservations for work that costs coins: the coins leave the balance when held (ledger
 * kind 'hold'), and come back in full on release or in part when settled below the hold.
 */
export const coinHolds = pgTable(
  'coin_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ref: text('ref').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['held', 'settled', 'released'] }).notNull().default('held'),
    settledAmount: bigint('settled_amount', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    check('coin_holds_amount_positive', sql`${table.amount} > 0`),
    index('coin_holds_status_expiry_idx').on(table.status, table.expiresAt),
    index('coin_holds_updated_at_idx').on(table.updatedAt),
  ],
);

/**
 * Payment orders. Coins and the Pro grant are fixed on the server when the order is created;
 * `transactionId` is unique, so one provider payment can pay one order only once. A user has at
 * most one pending order per kind and amount (`payment_orders_open_idx`): opening /pay again
 * reuses it while it is valid (decision 054). `lastCheckedAt` is set by the owner's status poll
 * only, so it also says the pay page showed the order (the billing history's rule).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    payType: integer('pay_type').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    grantsPro: boolean('grants_pro').notNull().default(false),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    codeUrl: text('code_url'),
    status: text('status', { enum: ['pending', 'paid', 'closed'] }).notNull().default('pending'),
    transactionId: text('transaction_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    check('payment_orders_amount_positive', sql`${table.amountFen} > 0`),
    check('payment_orders_coins_positive', sql`${table.coins} > 0`),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    index('payment_orders_status_expiry_idx').on(table.status, table.expiresAt),
    index('payment_orders_paid_at_idx').on(table.paidAt),
    uniqueIndex('payment_orders_open_idx').on(table.userId, table.payType, table.amountFen).where(sql`status = 'pending'`),
  ],
);

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * Refunds of paid orders (decision 079). A row is inserted as `processing` under the order's row
 * lock before the provider is called, so the amount it claims is taken from what remains to
 * refund at once: concurrent clicks cannot claim the same money twice. `outRefundNo` is ours and
 * is sent to the provider, which treats a repeated number as the same refund. When the refund
 * succeeds the coins the refunded part granted are taken back once: `coinsClawedBack` through the
 * ledger (key `refund:<outRefundNo>`), and what the balance could not give `coinsOwed`, the
 * record of coins the user owes (their total is the sum over their refunds).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outRefundNo: text('out_refund_no').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    outTradeNo: text('out_trade_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['processing', 'refunded', 'failed', 'closed'] }).notNull().default('processing'),
    /** The provider's refund id and its last status word (SUCCESS, PROCESSING, CLOSED, ABNORMAL). */
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    coinsClawedBack: bigint('coins_clawed_back', { mode: 'number' }).notNull().default(0),
    coinsOwed: bigint('coins_owed', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    /** The console's idempotency key: the same request sent again answers the same refund. */
    requestId: text('request_id').unique(),
    /** The operator's user id (no foreign key, like the audit log's). */
    operatorId: bigint('operator_id', { mode: 'number' }),
    failReason: text('fail_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    check('payment_refunds_amount_positive', sql`${table.amountFen} > 0`),
    check('payment_refunds_coins_nonnegative', sql`${table.coinsClawedBack} >= 0 and ${table.coinsOwed} >= 0`),
    index('payment_refunds_order_idx').on(table.orderId),
    index('payment_refunds_status_idx').on(table.status, table.createdAt),
  ],
);

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
