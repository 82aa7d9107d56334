import type { Logger } from 'pino';
import { reciprocalRankFusion, RRF_K } from '../knowledge/index/rrf.js';
import { cosine, type EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import type { Db } from '../platform/db/index.js';
import { CaptionVectors } from './caption-vectors.js';
import type { LibraryQuery, LibraryRanker, LibrarySearch } from './library-search.js';
import { type ImageCandidate, libraryCandidate, queryTerms, rankCandidates, SOURCE_WEIGHT } from './search.js';

/** How long a search waits for vectors (the query's, the captions'); past it, words alone rank. */
const EMBED_BUDGET_MS = 3000;
/** The paragraph's first characters make the query vector: a picture is about one idea. */
const QUERY_MAX_CHARS = 1000;
/** Each ranking (words, meaning) offers this many times the candidates asked for to the fusion. */
const POOL_FACTOR = 3;
/**
 * A picture enters by meaning alone only when its caption is close to the paragraph: above an
 * absolute floor and near the best match. Without it every search would answer the library's
 * least-bad pictures for a paragraph about something else.
 */
const MIN_COSINE = 0.3;
const NEAR_BEST = 0.85;

type Ranked = Omit<ImageCandidate, 'score'>;

/**
 * The picture search with embeddings configured (decision 066): the captions' BM25 ranking and
 * their vectors' ranking against the paragraph, fused by reciprocal rank (their scores live on
 * different scales) and weighted by source as the BM25-only ranking is. Pictures whose captions
 * share no word with the paragraph but mean the same (小狗 for 宠物犬) are found; when the
 * embeddings API fails or is slow, the words alone answer.
 */
export class SemanticLibrarySearch implements LibraryRanker {
  readonly #vectors: CaptionVectors;

  constructor(
    private readonly lexical: LibrarySearch,
    private readonly deps: { db: Db; embeddings: EmbeddingsPort; logger?: Logger; budgetMs?: number },
  ) {
    this.#vectors = new CaptionVectors(deps);
  }

  async rank(query: LibraryQuery): Promise<ImageCandidate[]> {
    const library = await this.lexical.library(query.userId);
    const extras = query.extras ?? [];
    const pool = query.limit * POOL_FACTOR;
    const words = rankCandidates(library, extras, queryTerms(query.text), pool);
    if (library.rows.length + extras.length === 0) return words.slice(0, query.limit);

    const budgetMs = this.deps.budgetMs ?? EMBED_BUDGET_MS;
    const signal = query.signal ? AbortSignal.any([query.signal, AbortSignal.timeout(budgetMs)]) : AbortSignal.timeout(budgetMs);
    let meaning: { key: string; candidate: Ranked; similarity: number }[];
    try {
      const [captions, [queryVector, ...extraVectors]] = await Promise.all([
        this.#vectors.forLibrary(query.userId, library.rows, budgetMs),
        this.deps.embeddings.embed([query.text.slice(0, QUERY_MAX_CHARS), ...extras.map((extra) => extra.candidate.caption)], signal),
      ]);
      meaning = [
        ...library.rows.flatMap((row) => {
          const vector = captions.get(row.id);
          return vector ? [{ key: row.id, candidate: libraryCandidate(row), similarity: cosine(queryVector!, vector) }] : [];
        }),
        ...extras.map((extra, i) => ({ key: extraKey(extra.candidate), candidate: extra.candidate, similarity: cosine(queryVector!, extraVectors[i] ?? []) })),
      ];
    } catch (error) {
      if (query.signal?.aborted) throw error;
      this.deps.logger?.warn({ err: error }, 'the picture search could not embed the paragraph; it ranks by words alone');
      return words.slice(0, query.limit);
    }

    const best = Math.max(0, ...meaning.map((entry) => entry.similarity));
    const close = meaning
      .filter((entry) => entry.similarity >= MIN_COSINE && entry.similarity >= best * NEAR_BEST)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, pool);
    const byKey = new Map<string, Ranked>([...close.map((entry) => [entry.key, entry.candidate] as const), ...words.map((word) => [keyOf(word), word] as const)]);
    const fused = reciprocalRankFusion([words.map(keyOf), close.map((entry) => entry.key)]);
    // A fused score of 1 is first in both rankings.
    const top = 2 / (RRF_K + 1);
    return fused
      .map(({ id, score }) => {
        const { score: _lexical, ...candidate } = byKey.get(id) as Ranked & { score?: number };
        return { ...candidate, score: (score / top) * SOURCE_WEIGHT[candidate.source] };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, query.limit);
  }

  settled(): Promise<void> {
    return this.#vectors.settled();
  }
}

const extraKey = (candidate: Ranked) => `url:${candidate.url}`;
const keyOf = (candidate: Ranked) => candidate.imageId ?? extraKey(candidate);
