import { and, asc, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { EmbeddingsError, type EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { chunkDocument, tokenize } from './index/index.js';
import { kbChunks, type KbSessionRow, kbFiles, kbSessions } from './tables.js';

export interface BuildDeps {
  db: Db;
  embeddings: EmbeddingsPort | null;
  logger: Logger;
}

/** Chunks tokenized (and embedded) per progress step: the `index/total` the client shows. */
const BATCH_CHUNKS = 16;
/** Rows per INSERT while storing the index. */
const INSERT_ROWS = 200;
/**
 * Progress is written at most this often (and for the first and last batch): the stream reads
 * it every 400 ms, and a write per batch was ~380 UPDATEs, ~0.5 s of a full session's build.
 */
const PROGRESS_EVERY_MS = 250;

export type BuildStart = { status: 'building' | 'built'; message: string };

/** The file set an index was built from, in a stable order. */
function signatureOf(fileIds: string[]): string {
  return [...fileIds].sort().join(',');
}

/**
 * Starts building the session's index unless it is already built from the same files or a build
 * is under way. The build runs in this process after the answer; its progress, its end and its
 * failure are written to the session row, where any process's stream reads them.
 */
export async function startBuild(deps: BuildDeps, session: KbSessionRow): Promise<BuildStart> {
  const { db } = deps;
  const files = await db.select({ id: kbFiles.id }).from(kbFiles).where(eq(kbFiles.sessionId, session.id));
  if (files.length === 0) throw new AppError('BAD_REQUEST', '没有可构建的文件');
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
  void runBuild(deps, session.id).catch((error) => deps.logger.error({ err: error, sessionId: session.id }, 'knowledge-base build crashed'));
  return { status: 'building', message: '开始构建知识库' };
}

async function setProgress(db: Db, sessionId: string, progress: number, message: string, warning?: string) {
  await db
    .update(kbSessions)
    .set({ progress, message, updatedAt: new Date(), ...(warning ? { warning } : {}) })
    .where(and(eq(kbSessions.id, sessionId), eq(kbSessions.status, 'building')));
}

/** Chunks, tokenizes and (when configured) embeds every file, then swaps the index in at once. */
async function runBuild(deps: BuildDeps, sessionId: string): Promise<void> {
  const { db, logger } = deps;
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
    let embeddings = deps.embeddings;
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
          await setProgress(db, sessionId, Math.round((batch / total) * 95), `正在构建索引 ${batch}/${total}`, `${reason}，已改用关键词检索`);
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
        await setProgress(db, sessionId, Math.round(((batch + 1) / total) * 95), `正在构建索引 ${batch + 1}/${total}`);
        progressAt = Date.now();
      }
      // Lets requests in: tokenizing a large session takes a while on this thread.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db.transaction(async (tx) => {
      const current = await tx.select({ id: kbFiles.id }).from(kbFiles).where(eq(kbFiles.sessionId, sessionId));
      const unchanged = signatureOf(current.map((file) => file.id)) === signatureOf(files.map((file) => file.id));
      await tx.delete(kbChunks).where(eq(kbChunks.sessionId, sessionId));
      if (!unchanged) {
        await tx
          .update(kbSessions)
          .set({ status: 'none', progress: 0, message: '构建期间文件有变动，请重新构建', updatedAt: new Date() })
          .where(eq(kbSessions.id, sessionId));
        return;
      }
      for (let start = 0; start < rows.length; start += INSERT_ROWS) await tx.insert(kbChunks).values(rows.slice(start, start + INSERT_ROWS));
      await tx
        .update(kbSessions)
        .set({
          status: 'completed',
          progress: 100,
          message: `知识库构建完成，共 ${rows.length} 个片段`,
          builtFiles: signatureOf(files.map((file) => file.id)),
          embeddingModel: embeddings ? embeddings.model : null,
          updatedAt: new Date(),
        })
        .where(eq(kbSessions.id, sessionId));
    });
  } catch (error) {
    logger.error({ err: error, sessionId }, 'knowledge-base build failed');
    await db
      .update(kbSessions)
      .set({ status: 'error', message: '知识库构建失败，请稍后重试', updatedAt: new Date() })
      .where(eq(kbSessions.id, sessionId))
      .catch(() => undefined);
  }
}
