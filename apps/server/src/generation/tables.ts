import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

export type TaskStatus = 'queued' | 'running' | 'completed' | 'error' | 'cancelled';

/**
 * A generation task. The row always holds the latest state (current step and details), so the
 * polling endpoint and a reconnecting stream read the same thing; `eventSeq` is the id of the
 * latest event.
 */
export const generationTasks = pgTable(
  'generation_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: text('task_id').notNull().unique(),
    articleId: text('article_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    advanced: boolean('advanced').notNull(),
    topic: text('topic').notNull(),
    /** The normalised brief and the advanced inputs (knowledge base, reference, SEO). */
    request: jsonb('request').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'error', 'cancelled'] }).notNull().default('queued'),
    currentStep: text('current_step').notNull().default('idle'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    eventSeq: integer('event_seq').notNull().default(0),
    holdCoins: bigint('hold_coins', { mode: 'number' }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    usage: jsonb('usage').notNull().default(sql`'{}'::jsonb`),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [
    index('generation_tasks_user_status_idx').on(table.userId, table.status),
    index('generation_tasks_status_created_idx').on(table.status, table.createdAt),
    // The operator dashboard's live day (decision 081).
    index('generation_tasks_created_at_idx').on(table.createdAt),
    index('generation_tasks_finished_at_idx').on(table.finishedAt),
  ],
);

export type GenerationTaskRow = typeof generationTasks.$inferSelect;

/** Saved stage outputs; a retried or resumed task skips what is already here. */
export const generationStageOutputs = pgTable(
  'generation_stage_outputs',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => generationTasks.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    output: jsonb('output').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.key] })],
);

/** Every progress event, so a stream that reconnects with Last-Event-ID gets what it missed. */
export const generationEvents = pgTable(
  'generation_events',
  {
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => generationTasks.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    currentStep: text('current_step').notNull(),
    details: jsonb('details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.seq] })],
);
