import { and, asc, eq, gt } from 'drizzle-orm';
import { KB_IDLE_MS } from '@tianma/shared';
import type { Db } from '../platform/db/index.js';
import { cosine, type EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { Bm25Index, rankHybrid, tokenize } from './index/index.js';
import { kbChunks, kbFiles, kbSessions } from './tables.js';

interface LoadedIndex {
  chunks: { fileId: string; fileName: string; content: string; ordinal: number; headingPath: string }[];
  bm25: Bm25Index;
  vectors: (number[] | null)[] | null;
  embeddingModel: string | null;
}

/** Sessions whose index is kept in memory; a session is at most ~8,000 chunks (KB_MAX_SESSION_CHARS). */
const CACHED_SESSIONS = 16;
/** Candidates each ranking contributes before fusion. */
const CANDIDATES = 30;

/**
 * Searches a user's temporary knowledge base: BM25 over jieba tokens, fused with vector
 * similarity by reciprocal rank fusion when the index holds vectors of the configured model.
 * The index is read from the database once per build and cached here, keyed by the build.
 */
/** A passage found in the knowledge base; the writer takes it as grounding material (source 'knowledge'). */
export interface KnowledgePassage {
  id: string;
  source: 'knowledge';
  /** The file it comes from. */
  title: string;
  content: string;
  /** Where in the file: 「第 3 段 · 报告 > 会员」 (the chunk's place and heading path). */
  position: string;
}

/** A chunk's place for a reader: its number in the file and the headings it stands under. */
export function passagePosition(ordinal: number, headingPath: string): string {
  const path = headingPath.trim();
  return path ? `第 ${ordinal + 1} 段 · ${path}` : `第 ${ordinal + 1} 段`;
}

export class KnowledgeRetriever {
  private readonly cache = new Map<string, LoadedIndex>();

  /** `embeddings` is asked at each search: the API in use now (decision 083), or null. */
  constructor(private readonly deps: { db: Db; embeddings: () => EmbeddingsPort | null }) {}

  /**
   * The best chunks for `query` as materials (source 'knowledge'); empty when the session is
   * gone, not the user's, or not built. `documentIds` narrows the search to those files.
   */
  async search(input: { userId: number; sessionId: string; documentIds?: string[]; query: string; topK: number }): Promise<KnowledgePassage[]> {
    const index = await this.load(input.userId, input.sessionId);
    if (!index || index.chunks.length === 0) return [];
    const allowed = input.documentIds && input.documentIds.length > 0 ? new Set(input.documentIds) : null;
    const keep = (i: number) => !allowed || allowed.has(index.chunks[i]!.fileId);
    const lexical = index.bm25.search(tokenize(input.query), CANDIDATES * 4).filter((hit) => keep(hit.index));
    const semantic = await this.semantic(index, input.query, keep);
    return rankHybrid(lexical.slice(0, CANDIDATES), semantic, input.topK).map((i) => {
      const chunk = index.chunks[i]!;
      return {
        id: `kb-${chunk.fileId}-${chunk.ordinal}`,
        source: 'knowledge' as const,
        title: chunk.fileName,
        content: chunk.content,
        position: passagePosition(chunk.ordinal, chunk.headingPath),
      };
    });
  }

  private async semantic(index: LoadedIndex, query: string, keep: (i: number) => boolean) {
    const embeddings = this.deps.embeddings();
    if (!embeddings || !index.vectors || index.embeddingModel !== embeddings.model) return undefined;
    try {
      const [queryVector] = await embeddings.embed([query]);
      return index.vectors
        .map((vector, i) => ({ index: i, score: vector && keep(i) ? cosine(queryVector!, vector) : -1 }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, CANDIDATES);
    } catch {
      return undefined; // keyword search alone still answers
    }
  }

  private async load(userId: number, sessionId: string): Promise<LoadedIndex | null> {
    const { db } = this.deps;
    const [session] = await db
      .update(kbSessions)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(kbSessions.id, sessionId), eq(kbSessions.userId, userId), gt(kbSessions.lastUsedAt, new Date(Date.now() - KB_IDLE_MS))))
      .returning({ status: kbSessions.status, builtFiles: kbSessions.builtFiles, updatedAt: kbSessions.updatedAt, embeddingModel: kbSessions.embeddingModel });
    if (session?.status !== 'completed') return null;
    const key = `${sessionId}|${session.builtFiles}|${session.updatedAt.getTime()}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached); // most recently used last
      return cached;
    }
    const rows = await db
      .select({
        fileId: kbChunks.fileId,
        fileName: kbFiles.fileName,
        ordinal: kbChunks.ordinal,
        headingPath: kbChunks.headingPath,
        content: kbChunks.content,
        tokens: kbChunks.tokens,
        embedding: kbChunks.embedding,
      })
      .from(kbChunks)
      .innerJoin(kbFiles, eq(kbFiles.id, kbChunks.fileId))
      .where(eq(kbChunks.sessionId, sessionId))
      .orderBy(asc(kbFiles.createdAt), asc(kbChunks.fileId), asc(kbChunks.ordinal));
    const hasVectors = rows.length > 0 && rows.every((row) => Array.isArray(row.embedding));
    const loaded: LoadedIndex = {
      chunks: rows.map(({ fileId, fileName, content, ordinal, headingPath }) => ({ fileId, fileName, content, ordinal, headingPath })),
      bm25: Bm25Index.build(rows.map((row) => row.tokens)),
      vectors: hasVectors ? rows.map((row) => row.embedding) : null,
      embeddingModel: hasVectors ? session.embeddingModel : null,
    };
    for (const old of [...this.cache.keys()]) if (old.startsWith(`${sessionId}|`)) this.cache.delete(old);
    this.cache.set(key, loaded);
    while (this.cache.size > CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value!);
    return loaded;
  }
}
