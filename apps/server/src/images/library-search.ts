import { count, eq, max } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { libraryImages } from './library.js';
import { type ImageCandidate, LibraryIndexCache, type LibraryIndex, queryTerms, rankCandidates, type Unranked } from './search.js';
import { userImages } from './tables.js';

export interface LibrarySearchDeps {
  db: Db;
}

export interface LibraryQuery {
  userId: number;
  /** The paragraph (or section) to find a picture for. */
  text: string;
  /** Candidates from outside the library: the article's own pictures, stock hits. */
  extras?: readonly Unranked[];
  limit: number;
  signal?: AbortSignal;
}

/** One search of a user's pictures by a paragraph's meaning, shared by the editor's search and the pipeline's image stage. */
export interface LibraryRanker {
  rank(query: LibraryQuery): Promise<ImageCandidate[]>;
}

/**
 * The lexical half of the picture search: each user's library as a cached BM25 index over its
 * captions, rebuilt only when the library changed (its size or its newest picture).
 */
export class LibrarySearch implements LibraryRanker {
  readonly #indexes = new LibraryIndexCache();
  constructor(private readonly deps: LibrarySearchDeps) {}

  async library(userId: number): Promise<LibraryIndex> {
    const { db } = this.deps;
    const [stamp] = await db
      .select({ total: count(), newest: max(userImages.createdAt) })
      .from(userImages)
      .where(eq(userImages.userId, userId));
    const total = Number(stamp?.total ?? 0);
    const key = `${total}:${stamp?.newest ? new Date(stamp.newest).getTime() : 0}`;
    return this.#indexes.get(userId, key) ?? this.#indexes.put(userId, key, total > 0 ? await libraryImages(db, userId) : []);
  }

  async rank(query: LibraryQuery): Promise<ImageCandidate[]> {
    const library = await this.library(query.userId);
    return rankCandidates(library, query.extras ?? [], queryTerms(query.text), query.limit);
  }

  /** Nothing runs in the background here (the embeddings search has fills to wait for). */
  async settled(): Promise<void> {}
}
