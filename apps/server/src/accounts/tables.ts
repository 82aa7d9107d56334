import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
};

/**
 * Users. `id` is internal; `deepspaceId` is the random numeric id the client sees and sends.
 * The coin balance lives here so that a debit is one guarded single-row update; the ledger
 * (billing/tables.ts) holds every change, and the CHECK keeps the balance from going negative.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deepspaceId: bigint('deepspace_id', { mode: 'number' }).notNull().unique(),
    username: text('username').notNull(),
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    avatarKey: text('avatar_key'),
    level: integer('level').notNull().default(0),
    subscriptionExpiry: timestamp('subscription_expiry', { withTimezone: true, mode: 'date' }),
    coinBalance: bigint('coin_balance', { mode: 'number' }).notNull().default(0),
    /** 'operator' for the people who run the product (granted from the command line only), else null. */
    role: text('role'),
    /** Set by an operator: the account cannot sign in and its sessions are ended. */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    uniqueIndex('users_phone_idx').on(table.phone),
    uniqueIndex('users_email_idx').on(table.email),
    check('users_coin_balance_nonnegative', sql`${table.coinBalance} >= 0`),
    // The operator dashboard counts today's sign-ups live (decision 081).
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Sign-in sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the operator of this session last typed the password again (step-up, 15 minutes). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Verification codes, stored as an HMAC. Every send is a row (also sends that were not delivered
 * because no account matched), so the send limits count the same either way.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    target: text('target').notNull(),
    purpose: text('purpose', { enum: ['LOGIN', 'REGISTER', 'RESET'] }).notNull(),
    codeHmac: text('code_hmac').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    index('verification_codes_target_idx').on(table.target, table.purpose, table.createdAt),
    index('verification_codes_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** What the dev outbox "sent": the embedded default sender keeps messages here, visible at /dev/outbox. */
export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  target: text('target').notNull(),
  code: text('code').notNull(),
  purpose: text('purpose', { enum: ['LOGIN', 'REGISTER', 'RESET'] }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/**
 * Password sign-in failures, keyed by the account when one matches the identifier and by the
 * identifier itself otherwise, so that an unknown name locks exactly like a real one.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockCount: integer('lock_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});
