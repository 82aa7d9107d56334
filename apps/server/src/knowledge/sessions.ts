import { randomBytes } from 'node:crypto';
import { KB_IDLE_MS } from '@tianma/shared';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { notFound } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { type KbSessionRow, kbFiles, kbSessions } from './tables.js';

export const KB_EXPIRED_MESSAGE = '知识库会话已过期，请重新上传文件';
export const KB_SESSION_ID_MESSAGE = '知识库会话ID格式无效，请刷新页面后重新上传';
/**
 * A session id: ours are 22 base64url characters (newKbId); a client may bring its own for a new
 * session, as the spec's client does with a UUID. At least 16 characters, so that ids are not
 * short enough to guess.
 */
export const KB_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** A build whose process vanished stops looking alive after this long without progress. */
const STALE_BUILD_MS = 5 * 60_000;

export const newKbId = () => randomBytes(16).toString('base64url');

/**
 * The user's live session, touched so that using it keeps it alive; 404 (the spec's "expired"
 * answer) when it does not exist, belongs to someone else, or sat idle past the hour.
 */
export async function useLiveSession(db: DbOrTx, userId: number, sessionId: string): Promise<KbSessionRow> {
  if (!KB_SESSION_ID_PATTERN.test(sessionId)) throw notFound(KB_EXPIRED_MESSAGE);
  const [row] = await db
    .update(kbSessions)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(kbSessions.id, sessionId), eq(kbSessions.userId, userId), gt(kbSessions.lastUsedAt, new Date(Date.now() - KB_IDLE_MS))))
    .returning();
  if (!row) throw notFound(KB_EXPIRED_MESSAGE);
  return row;
}

/**
 * The session an upload adds to, before anything is written: the caller's live session under
 * `sessionId`, or null when no session has that id yet (the upload will open it, see
 * createSession). Someone else's id, or the caller's expired one, is refused like any foreign
 * session (404).
 */
export async function findUploadSession(db: DbOrTx, userId: number, sessionId: string): Promise<KbSessionRow | null> {
  const [taken] = await db.select({ id: kbSessions.id }).from(kbSessions).where(eq(kbSessions.id, sessionId));
  return taken ? useLiveSession(db, userId, sessionId) : null;
}

/**
 * A new session of the user's, under the id the client chose or one of ours. When another upload
 * took the id in the meantime, that session is used if it is the caller's and refused otherwise.
 */
export async function createSession(db: DbOrTx, userId: number, sessionId: string = newKbId()): Promise<KbSessionRow> {
  const [row] = await db.insert(kbSessions).values({ id: sessionId, userId }).onConflictDoNothing({ target: kbSessions.id }).returning();
  return row ?? useLiveSession(db, userId, sessionId);
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
