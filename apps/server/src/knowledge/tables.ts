import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';

/**
 * Temporary knowledge bases: a user's uploaded documents, their text and their search index,
 * kept while used and deleted after an hour idle. Everything lives in the database (and the
 * original files in object storage), so any process can serve any request of a session.
 */
export const kbSessions = pgTable(
  'kb_sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** none | building | completed | error */
    status: text('status').notNull().default('none'),
    /** The build's last progress text, or the cause of its failure. */
    message: text('message'),
    progress: integer('progress').notNull().default(0),
    /** Something the user should know about a build that still succeeded (vectors unavailable…). */
    warning: text('warning'),
    /** The sorted file ids the completed index was built from: a build of the same set is skipped. */
    builtFiles: text('built_files'),
    /** Whether the index holds vectors (an embeddings API was configured at build time). */
    embeddingModel: text('embedding_model'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('kb_sessions_user_idx').on(table.userId), index('kb_sessions_last_used_idx').on(table.lastUsedAt)],
);

export const kbFiles = pgTable(
  'kb_files',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => kbSessions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** txt | md | pdf | docx */
    fileType: text('file_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Characters as a Chinese reader counts them. */
    chars: integer('chars').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The extracted text the index is built from. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('kb_files_session_idx').on(table.sessionId, table.createdAt)],
);

export const kbChunks = pgTable(
  'kb_chunks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => kbSessions.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => kbFiles.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    headingPath: text('heading_path').notNull().default(''),
    content: text('content').notNull(),
    /** jieba tokens of the chunk (BM25). */
    tokens: jsonb('tokens').$type<string[]>().notNull(),
    /** The chunk's vector when an embeddings API is configured. */
    embedding: jsonb('embedding').$type<number[] | null>(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.fileId, table.ordinal] })],
);

export type KbSessionRow = typeof kbSessions.$inferSelect;
export type KbFileRow = typeof kbFiles.$inferSelect;
export type KbChunkRow = typeof kbChunks.$inferSelect;
