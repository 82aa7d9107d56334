import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * WeChat's short-lived credentials (the official account's access_token and jsapi_ticket), shared
 * by every process of the site. `name` is `access_token:{appId}` or `jsapi_ticket:{appId}`, so that
 * a changed app id never reuses another account's token. `updatedAt` is when the value was fetched;
 * with `expiresAt` it gives the value's lifetime, from which the early-refresh margin is taken.
 */
export const wechatTokens = pgTable('wechat_tokens', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

export type WechatTokenRow = typeof wechatTokens.$inferSelect;
