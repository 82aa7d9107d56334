import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/tables.js';

/**
 * Official accounts (公众号) a user has bound for draft-box publishing. The AppSecret is kept only
 * as `secretCiphertext` (AES-256-GCM, secret-box.ts) and never leaves the server. One row per
 * user and AppID: binding the same AppID again replaces the secret and the name.
 */
export const wechatAccounts = pgTable(
  'wechat_accounts',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex('wechat_accounts_user_app_idx').on(table.userId, table.appId)],
);

export type WechatAccountRow = typeof wechatAccounts.$inferSelect;

/**
 * Each publish of an article to a bound account's draft box (decision 074): its state
 * (`queued | draft_created | submitted | published | failed`), the draft's media_id once WeChat
 * confirmed it, and the Chinese message of a failure. The article's drafts are its rows here.
 */
export const wechatPublications = pgTable(
  'wechat_publications',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull(),
    accountId: text('account_id').notNull(),
    state: text('state').notNull(),
    mediaId: text('media_id'),
    message: text('message'),
    theme: text('theme').notNull(),
    /** What the user asked for, kept so that a scheduled publish runs later with the same options. */
    author: text('author'),
    digest: text('digest'),
    submit: boolean('submit').notNull().default(false),
    /** When a `queued` publication is due (point 4); null: run at once. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    /** freepublish/submit's publish_id, polled with freepublish/get while `submitted`. */
    wechatPublishId: text('wechat_publish_id'),
    /** The published article's address, once freepublish/get reports it. */
    articleUrl: text('article_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    index('wechat_publications_user_article_idx').on(table.userId, table.articleId, table.createdAt),
    index('wechat_publications_due_idx').on(table.state, table.scheduledAt),
  ],
);

export type WechatPublicationRow = typeof wechatPublications.$inferSelect;
