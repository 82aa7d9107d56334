import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * What users say about their articles. `articleId` is the public article id as sent (no foreign
 * key: feedback outlives a deleted article); it is only stored when it names the user's own article.
 */
export const articleFeedback = pgTable(
  'article_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: text('article_id'),
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** The client's clock when the user pressed submit (may be wrong; createdAt is ours). */
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    index('article_feedback_user_idx').on(table.userId, table.createdAt),
    index('article_feedback_article_idx').on(table.articleId),
    index('article_feedback_created_at_idx').on(table.createdAt),
  ],
);

export type ArticleFeedbackRow = typeof articleFeedback.$inferSelect;
