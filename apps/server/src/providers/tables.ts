import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Providers an operator connected in the console (issue 21, point 6), one row per kind (llm,
 * search…). The API key is kept only sealed (platform/secret-box.ts) and never leaves the server.
 * Environment variables, when set, win over a row here.
 */
export const providerSettings = pgTable('provider_settings', {
  kind: text('kind').primaryKey(),
  provider: text('provider').notNull(),
  baseUrl: text('base_url').notNull().default(''),
  model: text('model'),
  options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
  keyCiphertext: text('key_ciphertext'),
  /** The last test call's outcome, shown in the console. */
  status: text('status').notNull().default('ok'),
  latencyMs: bigint('latency_ms', { mode: 'number' }),
  operatorId: bigint('operator_id', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

export type ProviderSettingsRow = typeof providerSettings.$inferSelect;
