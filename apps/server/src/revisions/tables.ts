import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { articles } from '../articles/tables.js';

/**
 * Each AI action started in the editor (issue 18): what was asked, what it wrote, what it cost.
 * The id is the coin hold's ref, so the ledger names the action that spent the coins; a save that
 * accepts the result names it too, and the version records the action.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: text('id').primaryKey(),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    /** 'streaming' | 'done' | 'failed' | 'discarded' */
    status: text('status').notNull().default('streaming'),
    /** 'model' | 'rules' */
    by: text('by').notNull(),
    selectionChars: integer('selection_chars').notNull(),
    outputChars: integer('output_chars').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('article_revisions_user_created_idx').on(table.userId, table.createdAt)],
);

export type ArticleRevisionRow = typeof articleRevisions.$inferSelect;
