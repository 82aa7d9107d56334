import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every operator action (issue 21): who, when, what, the values before and after, and why.
 * Append-only: a trigger (migration 0018) refuses UPDATE and DELETE, so not even the product can
 * rewrite it. `operatorId` has no foreign key: an entry outlives the account that made it.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    /** The operator's user id; null for the command line. */
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The operator's username then, or 'cli'. */
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull(),
  },
  (table) => [index('admin_audit_at_idx').on(table.at)],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;

/**
 * The dashboard's figures of each past Beijing day (`YYYY-MM-DD`), computed once from the tables
 * the first time a range asks for that day and kept: a day that is over no longer changes
 * (decision 081). Today is never stored.
 */
export const adminDayRollups = pgTable('admin_day_rollups', {
  day: text('day').primaryKey(),
  stats: jsonb('stats').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});
