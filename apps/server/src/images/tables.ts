import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A user's image library (issue 18, point 4): pictures they uploaded in the editor, pictures taken
 * from their knowledge-base documents, and stock pictures they picked (copied into our storage,
 * with the licence and the credit the source asks for). The caption is what the search reads.
 */
export const userImages = pgTable(
  'user_images',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 'library' | 'knowledge' | 'pixabay' | 'pexels' */
    source: text('source').notNull(),
    storageKey: text('storage_key').notNull(),
    caption: text('caption').notNull().default(''),
    bytes: integer('bytes').notNull(),
    licence: text('licence'),
    attribution: text('attribution'),
    /** The picture's page at its source (stock), for the credit link. */
    sourceUrl: text('source_url'),
    /** sha256 of the bytes (hex): the same picture of a document uploaded again is not added twice. */
    contentHash: text('content_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (table) => [index('user_images_user_idx').on(table.userId, table.createdAt)],
);

export type UserImageRow = typeof userImages.$inferSelect;

/**
 * A caption's vector, per picture and embeddings model (decision 066): embedded once, on the
 * first search that needs it, and read from here after a restart. A new model embeds again.
 */
export const userImageVectors = pgTable(
  'user_image_vectors',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => userImages.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    vector: jsonb('vector').$type<number[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.model] })],
);
