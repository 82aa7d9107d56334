import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Articles: generated ones (owned by a user) and the showcase articles of the home page
 * (no owner, `isShowcase`). `articleId` is the public, random, unguessable identifier;
 * `id` is internal and only appears in the owner's own listing.
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    articleId: text('article_id').notNull().unique(),
    // NOTE: the users table and this column's foreign key arrive with accounts.
    userId: bigint('user_id', { mode: 'number' }),
    title: text('title').notNull().default(''),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    imageUrl: text('image_url'),
    platform: text('platform'),
    authorName: text('author_name'),
    isPublic: boolean('is_public').notNull().default(false),
    isShowcase: boolean('is_showcase').notNull().default(false),
    /** 'offline' when the offline composer wrote it, else the model's name. */
    writtenBy: text('written_by'),
    wordCount: integer('word_count').notNull().default(0),
    /** Settings, sources, images and keywords of a generated article. */
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('articles_user_created_idx').on(table.userId, table.createdAt)],
);

export type ArticleRow = typeof articles.$inferSelect;
