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
    /** 一稿多发 (issue 20, point 3): the article this one was turned from, and for which platform. */
    sourceArticleId: text('source_article_id'),
    repurposedFor: text('repurposed_for'),
    /** The WeChat layout theme chosen for this article (null: the default, clean). */
    wechatTheme: text('wechat_theme'),
    /** Hidden by an operator (issue 21): its share page answers 404 with a notice, whatever isPublic says. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('articles_user_created_idx').on(table.userId, table.createdAt), index('articles_source_idx').on(table.sourceArticleId)],
);

export type ArticleRow = typeof articles.$inferSelect;

/**
 * Every state an article's text has been in (issue 18, point 5): written by the generation, saved
 * from the editor (with the action of an accepted revision), or restored from an earlier version.
 * Only the owner reads them; they go with the article when it is deleted.
 */
export const articleVersions = pgTable(
  'article_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Who made it: the owner (the only writer today; kept for a shared editing later). */
    userId: bigint('user_id', { mode: 'number' }),
    /** 'generate' | 'save' | 'revision' | 'restore' */
    source: text('source').notNull(),
    /** The revision action accepted before this save (polish, shorten…), when there was one. */
    action: text('action'),
    content: text('content').notNull(),
    chars: integer('chars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('article_versions_article_idx').on(table.articleId, table.id)],
);

export type ArticleVersionRow = typeof articleVersions.$inferSelect;

/**
 * The home page's four case slots (SHOWCASE_CASES ids) and the published article an operator put
 * in each (issue 21); a slot without a row, or whose pick is no longer public, shows its seeded article.
 */
export const showcasePicks = pgTable('showcase_picks', {
  slot: text('slot').primaryKey(),
  articleId: text('article_id').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});
