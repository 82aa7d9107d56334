import { KB_EMPTY_CODE } from '@tianma/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { EmbeddingsError, type EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { type BuildEvent, type BuildEventBus, type BuildQueue, buildChannel, KB_BUILD_JOB } from './build-ports.js';
import { chunkDocument, tokenize } from './index/index.js';
import { kbChunks, type KbSessionRow, kbFiles, kbSessions } from './tables.js';

export interface BuildDeps {
  db: Db;
  /** The embeddings API in use now (asked once per build), or null: BM25 alone. */
  embeddings: () => EmbeddingsPort | null;
  logger: Logger;
  bus: BuildEventBus;
}

/** Chunks tokenized (and embedded) per progress step: the `index/total` the client shows. */
const BATCH_CHUNKS = 16;
/** Rows per INSERT while storing the index. */
const INSERT_ROWS = 200;
/**
 * Progress is reported at most this often (and for the first and last batch): a report per batch
 * was ~380 UPDATEs, ~0.5 s of a full session's build.
 */
const PROGRESS_EVERY_MS = 250;

export type BuildStart = { status: 'building' | 'built'; message: string };

/** The file set an index was built from, in a stable order. */
function signatureOf(fileIds: string[]): string {
  return [...fileIds].sort().join(',');
}

/**
 * Starts building the session's index unless it is already built from the same files or a build
 * is under way: the session row is claimed (`building`) and the build goes to the task queue,
 * where a worker runs it (runBuild). Its progress is written to the row and published on the
 * event bus, so any process can stream it.
 */
export async function startBuild(deps: { db: Db; queue: BuildQueue; logger: Logger }, session: KbSessionRow): Promise<BuildStart> {
  const { db } = deps;
  const files = await db.select({ id: kbFiles.id }).from(kbFiles).where(eq(kbFiles.sessionId, session.id));
  if (files.length === 0) throw new AppError('BAD_REQUEST', '没有可构建的文件', { details: { code: KB_EMPTY_CODE } });
  const signature = signatureOf(files.map((file) => file.id));
  if (session.status === 'completed' && session.builtFiles === signature) {
    return { status: 'built', message: '知识库已是最新，无需重新构建' };
  }
  const [claimed] = await db
    .update(kbSessions)
    .set({ status: 'building', progress: 0, message: '准备构建知识库...', warning: null, updatedAt: new Date() })
    .where(and(eq(kbSessions.id, session.id), ne(kbSessions.status, 'building')))
    .returning({ id: kbSessions.id });
  if (!claimed) return { status: 'building', message: '知识库正在构建中' };
  try {
    await deps.queue.submit(KB_BUILD_JOB, session.id);
  } catch (error) {
    deps.logger.error({ err: error, sessionId: session.id }, 'queueing a knowledge-base build failed');
    await db.update(kbSessions).set({ status: 'error', message: '构建服务暂不可用，请稍后重试', updatedAt: new Date() }).where(eq(kbSessions.id, session.id));
    throw new AppError('UNAVAILABLE', '知识库构建服务暂不可用，请稍后重试');
  }
  return { status: 'building', message: '开始构建知识库' };
}

/**
 * Gives every build still marked `building` to the queue again. Only for a start where no other
 * process can be running a build (the embedded database's process, whose predecessor is gone):
 * elsewhere the sweeper fails builds that stopped moving.
 */
export async function resubmitInterruptedBuilds(deps: { db: Db; queue: BuildQueue; logger: Logger }): Promise<number> {
  const rows = await deps.db.select({ id: kbSessions.id }).from(kbSessions).where(eq(kbSessions.status, 'building'));
  for (const { id } of rows) await deps.queue.submit(KB_BUILD_JOB, id);
  if (rows.length > 0) deps.logger.info({ builds: rows.length }, 'knowledge-base builds left by the previous process resubmitted');
  return rows.length;
}

/** Writes a build's state to its row, then tells the streams (which re-read the row if they miss it). */
function reporter(deps: BuildDeps, sessionId: string) {
  let seq = 0;
  const publish = (details: BuildEvent) =>
    deps.bus
      .publish(buildChannel(sessionId), { seq: ++seq, type: 'progress', currentStep: KB_BUILD_JOB, details })
      .catch((error) => deps.logger.warn({ err: error, sessionId }, 'publishing build progress failed'));
  return {
    async progress(progress: number, message: string, warning?: string) {
      await deps.db
        .update(kbSessions)
        .set({ progress, message, updatedAt: new Date(), ...(warning ? { warning } : {}) })
        .where(and(eq(kbSessions.id, sessionId), eq(kbSessions.status, 'building')));
      if (warning) await publish({ progress, message: warning, status: 'warning' });
      await publish({ progress, message, status: 'progress' });
    },
    ended: (event: BuildEvent) => publish(event),
  };
}

/**
 * The queue's job: chunks, tokenizes and (when configured) embeds every file, then swaps the index
 * in at once. A worker that stops mid-build (ABORT_SHUTDOWN) leaves the row `building` for the
 * queue to hand the job to another worker; a build whose worker died is failed by the sweeper.
 */
export async function runBuild(deps: BuildDeps, sessionId: string, signal?: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  const report = reporter(deps, sessionId);
  try {
    const files = await db
      .select({ id: kbFiles.id, fileName: kbFiles.fileName, content: kbFiles.content })
      .from(kbFiles)
      .where(eq(kbFiles.sessionId, sessionId))
      .orderBy(asc(kbFiles.createdAt), asc(kbFiles.id));
    const chunks = files.flatMap((file) =>
      chunkDocument(file.content, { fileName: file.fileName }).map((chunk) => ({ fileId: file.id, chunk })),
    );
    const total = Math.max(1, Math.ceil(chunks.length / BATCH_CHUNKS));
    let embeddings = deps.embeddings();
    const rows: (typeof kbChunks.$inferInsert)[] = [];
    let progressAt = 0;
    for (let batch = 0; batch < total; batch += 1) {
      const slice = chunks.slice(batch * BATCH_CHUNKS, (batch + 1) * BATCH_CHUNKS);
      let vectors: number[][] | null = null;
      if (embeddings && slice.length > 0) {
        try {
          vectors = await embeddings.embed(slice.map(({ chunk }) => chunk.text));
        } catch (error) {
          // Vectors are an improvement, not a requirement: keyword search still works without them.
          logger.warn({ err: error, sessionId }, 'embeddings failed; the index keeps BM25 only');
          const reason = error instanceof EmbeddingsError ? error.userMessage : '向量模型不可用';
          embeddings = null;
          for (const row of rows) row.embedding = null;
          await report.progress(Math.round((batch / total) * 95), `正在构建索引 ${batch}/${total}`, `${reason}，已改用关键词检索`);
        }
      }
      slice.forEach(({ fileId, chunk }, i) => {
        rows.push({
          sessionId,
          fileId,
          ordinal: chunk.ordinal,
          headingPath: chunk.headingPath.join(' > '),
          content: chunk.text,
          tokens: tokenize(chunk.text),
          embedding: vectors?.[i] ?? null,
        });
      });
      if (batch === 0 || batch + 1 === total || Date.now() - progressAt >= PROGRESS_EVERY_MS) {
        await report.progress(Math.round(((batch + 1) / total) * 95), `正在构建索引 ${batch + 1}/${total}`);
        progressAt = Date.now();
      }
      // Lets requests in: tokenizing a large session takes a while on this thread.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) return;
    }
    const ended = await db.transaction(async (tx): Promise<BuildEvent> => {
      const current = await tx.select({ id: kbFiles.id }).from(kbFiles).where(eq(kbFiles.sessionId, sessionId));
      const unchanged = signatureOf(current.map((file) => file.id)) === signatureOf(files.map((file) => file.id));
      await tx.delete(kbChunks).where(eq(kbChunks.sessionId, sessionId));
      if (!unchanged) {
        const message = '构建期间文件有变动，请重新构建';
        await tx.update(kbSessions).set({ status: 'none', progress: 0, message, updatedAt: new Date() }).where(eq(kbSessions.id, sessionId));
        return { progress: 0, message, status: 'error' };
      }
      for (let start = 0; start < rows.length; start += INSERT_ROWS) await tx.insert(kbChunks).values(rows.slice(start, start + INSERT_ROWS));
      const message = `知识库构建完成，共 ${rows.length} 个片段`;
      await tx
        .update(kbSessions)
        .set({
          status: 'completed',
          progress: 100,
          message,
          builtFiles: signatureOf(files.map((file) => file.id)),
          embeddingModel: embeddings ? embeddings.model : null,
          updatedAt: new Date(),
        })
        .where(eq(kbSessions.id, sessionId));
      return { progress: 100, message, status: 'completed' };
    });
    await report.ended(ended);
  } catch (error) {
    logger.error({ err: error, sessionId }, 'knowledge-base build failed');
    const message = '知识库构建失败，请稍后重试';
    const failed = await db
      .update(kbSessions)
      .set({ status: 'error', message, updatedAt: new Date() })
      .where(eq(kbSessions.id, sessionId))
      .then(
        () => true,
        () => false,
      );
    if (failed) await report.ended({ progress: 0, message, status: 'error' });
  }
}
