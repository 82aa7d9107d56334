import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
