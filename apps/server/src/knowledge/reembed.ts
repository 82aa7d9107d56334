import { KB_IDLE_MS } from '@tianma/shared';
import { and, asc, count, desc, eq, gt, isNull, ne, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { kbChunks, kbSessions } from './tables.js';

/*
 * Re-embedding (decision 083). A knowledge base's vectors belong to the model that made them:
 * the retriever compares a query's vector only with vectors of the same model, and until then
 * answers with keywords alone. After the operator switches the embeddings model, this job gives
 * every live knowledge base (built, used within the idle window) vectors from the new model,
 * most recently used first. The words of an index never change, so search keeps working
 * throughout; each knowledge base swaps its vectors in one transaction.
 */

/** Sessions read per round. */
const ROUND = 20;
/** Chunks written per UPDATE. */
const UPDATE_ROWS = 200;

export interface ReembedDeps {
  db: Db;
  /** The embeddings port in use now; the job ends if it changes (the next switch queues its own). */
  embeddings: () => EmbeddingsPort | null;
  logger: Logger;
}

/** Built knowledge bases in use whose vectors are missing or from another model. */
const staleFor = (model: string) =>
  and(
    eq(kbSessions.status, 'completed'),
    gt(kbSessions.lastUsedAt, new Date(Date.now() - KB_IDLE_MS)),
    or(isNull(kbSessions.embeddingModel), ne(kbSessions.embeddingModel, model)),
  );

/** How many knowledge bases still wait for vectors of `model` (the console's progress). */
export async function countStaleIndexes(db: Db, model: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(kbSessions).where(staleFor(model));
  return Number(row?.n ?? 0);
}

/** Runs until every live knowledge base has vectors of the current model, or the API fails. */
export async function reembedIndexes(deps: ReembedDeps, signal?: AbortSignal): Promise<{ reembedded: number }> {
  const port = deps.embeddings();
  let reembedded = 0;
  if (!port) return { reembedded };
  const tried = new Set<string>();
  while (!signal?.aborted && deps.embeddings() === port) {
    const round = await deps.db
      .select({ id: kbSessions.id, builtFiles: kbSessions.builtFiles })
      .from(kbSessions)
      .where(staleFor(port.model))
      .orderBy(desc(kbSessions.lastUsedAt))
      .limit(ROUND);
    const todo = round.filter((session) => !tried.has(session.id));
    if (todo.length === 0) break;
    for (const session of todo) {
      if (signal?.aborted || deps.embeddings() !== port) break;
      tried.add(session.id);
      try {
        if (await reembedSession(deps.db, port, session, signal)) reembedded += 1;
      } catch (error) {
        if (signal?.aborted) break;
        // The API is down or refuses: the rest would fail alike. Those indexes keep answering by
        // keywords; the next switch, or the next worker start, tries again.
        deps.logger.warn({ err: error, sessionId: session.id, model: port.model }, 're-embedding knowledge bases stopped');
        return { reembedded };
      }
    }
  }
  if (reembedded > 0) deps.logger.info({ reembedded, model: port.model }, 'knowledge bases re-embedded');
  return { reembedded };
}

/**
 * One knowledge base: its chunks embedded anew and written with the session's model in one
 * transaction, unless it was rebuilt from other files meanwhile (false). A rebuild of the same
 * files makes the same chunks, so the vectors still fit them.
 */
async function reembedSession(db: Db, port: EmbeddingsPort, session: { id: string; builtFiles: string | null }, signal?: AbortSignal): Promise<boolean> {
  const chunks = await db
    .select({ fileId: kbChunks.fileId, ordinal: kbChunks.ordinal, content: kbChunks.content })
    .from(kbChunks)
    .where(eq(kbChunks.sessionId, session.id))
    .orderBy(asc(kbChunks.fileId), asc(kbChunks.ordinal));
  const vectors = chunks.length > 0 ? await port.embed(chunks.map((chunk) => chunk.content), signal) : [];
  return db.transaction(async (tx) => {
    for (let start = 0; start < chunks.length; start += UPDATE_ROWS) {
      const values = chunks
        .slice(start, start + UPDATE_ROWS)
        .map((chunk, i) => sql`(${chunk.fileId}::text, ${chunk.ordinal}::int, ${JSON.stringify(vectors[start + i])}::jsonb)`);
      await tx.execute(sql`
        UPDATE ${kbChunks} AS c SET embedding = v.embedding
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(file_id, ordinal, embedding)
        WHERE c.session_id = ${session.id} AND c.file_id = v.file_id AND c.ordinal = v.ordinal`);
    }
    // NOTE: the session row last, as a build writes it: the two take their locks in one order.
    const [swapped] = await tx
      .update(kbSessions)
      .set({ embeddingModel: port.model, updatedAt: new Date() })
      .where(
        and(
          eq(kbSessions.id, session.id),
          eq(kbSessions.status, 'completed'),
          session.builtFiles === null ? isNull(kbSessions.builtFiles) : eq(kbSessions.builtFiles, session.builtFiles),
        ),
      )
      .returning({ id: kbSessions.id });
    if (!swapped) tx.rollback();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  });
}
