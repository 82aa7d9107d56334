import { randomBytes } from 'node:crypto';
import { KB_IDLE_MS } from '@tianma/shared';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { notFound } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { type KbSessionRow, kbFiles, kbSessions } from './tables.js';

export const KB_EXPIRED_MESSAGE = '知识库会话已过期，请重新上传文件';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A build whose process vanished stops looking alive after this long without progress. */
const STALE_BUILD_MS = 5 * 60_000;

export const newKbId = () => randomBytes(16).toString('base64url');

/**
 * The user's live session, touched so that using it keeps it alive; 404 (the spec's "expired"
 * answer) when it does not exist, belongs to someone else, or sat idle past the hour.
 */
export async function useLiveSession(db: DbOrTx, userId: number, sessionId: string): Promise<KbSessionRow> {
  if (!SESSION_ID_PATTERN.test(sessionId)) throw notFound(KB_EXPIRED_MESSAGE);
  const [row] = await db
    .update(kbSessions)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(kbSessions.id, sessionId), eq(kbSessions.userId, userId), gt(kbSessions.lastUsedAt, new Date(Date.now() - KB_IDLE_MS))))
    .returning();
  if (!row) throw notFound(KB_EXPIRED_MESSAGE);
  return row;
}

export async function createSession(db: DbOrTx, userId: number): Promise<KbSessionRow> {
  const [row] = await db.insert(kbSessions).values({ id: newKbId(), userId }).returning();
  return row!;
}

/** The file list changed: the index no longer matches it (spec: built resets to none). */
export async function markFilesChanged(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(kbSessions)
    .set({ status: sql`case when ${kbSessions.status} = 'building' then 'building' else 'none' end`, message: null, warning: null, progress: 0, updatedAt: new Date() })
    .where(eq(kbSessions.id, sessionId));
}

/** Deletes sessions (rows cascade to files and chunks) and then their stored originals. */
export async function deleteSessions(db: Db, storage: ObjectStorage, sessionIds: string[], logger?: Logger): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const files = await db.select({ key: kbFiles.storageKey }).from(kbFiles).where(inArray(kbFiles.sessionId, sessionIds));
  const deleted = await db.delete(kbSessions).where(inArray(kbSessions.id, sessionIds)).returning({ id: kbSessions.id });
  for (const { key } of files) {
    await storage.delete(key).catch((error) => logger?.warn({ err: error, key }, 'could not remove a knowledge-base file'));
  }
  return deleted.length;
}

/**
 * Upkeep, safe in any process: sessions idle past the hour are deleted with their files and
 * index; a build whose process died (no progress for 5 minutes) is marked failed.
 */
export async function sweepKnowledgeSessions(deps: { db: Db; storage: ObjectStorage; logger: Logger }): Promise<void> {
  const { db } = deps;
  const idle = await db
    .select({ id: kbSessions.id })
    .from(kbSessions)
    .where(lt(kbSessions.lastUsedAt, new Date(Date.now() - KB_IDLE_MS)))
    .limit(500);
  const removed = await deleteSessions(db, deps.storage, idle.map((row) => row.id), deps.logger);
  if (removed > 0) deps.logger.info({ removed }, 'idle knowledge-base sessions deleted');
  await db
    .update(kbSessions)
    .set({ status: 'error', message: '构建过程意外中断，请重新构建', updatedAt: new Date() })
    .where(and(eq(kbSessions.status, 'building'), lt(kbSessions.updatedAt, new Date(Date.now() - STALE_BUILD_MS))));
}
