import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { markFilesChanged } from './sessions.js';
import { type KbFileRow, kbFiles } from './tables.js';

/** A session's files in upload order. */
export function listSessionFiles(db: Db, sessionId: string): Promise<KbFileRow[]> {
  return db.select().from(kbFiles).where(eq(kbFiles.sessionId, sessionId)).orderBy(asc(kbFiles.createdAt), asc(kbFiles.id));
}

/**
 * Removes one file of a session (its index no longer matches the files) and then its stored
 * original. Idempotent: a file already gone is what the caller asked for.
 */
export async function deleteSessionFile(deps: { db: Db; storage: ObjectStorage; logger: Logger }, sessionId: string, fileId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(kbFiles)
      .where(and(eq(kbFiles.id, fileId), eq(kbFiles.sessionId, sessionId)))
      .returning();
    if (row) await markFilesChanged(tx, sessionId);
    return row;
  });
  if (removed) await deps.storage.delete(removed.storageKey).catch((error) => deps.logger.warn({ err: error }, 'could not remove a knowledge-base file'));
}
