import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { type LibraryRanker, LibrarySearch } from './library-search.js';
import { SemanticLibrarySearch } from './semantic-search.js';

/**
 * The picture search: words alone (BM25 over captions), fused with embeddings while an embeddings
 * API is in use. The API is asked for at each search, so one connected in the console (decision
 * 083) ranks the next search; each model keeps its own caption vectors.
 */
export function createLibraryRanker(deps: { db: Db; embeddings: () => EmbeddingsPort | null; logger?: Logger }): LibraryRanker & { settled(): Promise<void> } {
  const lexical = new LibrarySearch({ db: deps.db });
  const semantic = new WeakMap<EmbeddingsPort, SemanticLibrarySearch>();
  const used = new Set<SemanticLibrarySearch>();
  const current = (): LibraryRanker => {
    const port = deps.embeddings();
    if (!port) return lexical;
    let ranker = semantic.get(port);
    if (!ranker) {
      ranker = new SemanticLibrarySearch(lexical, { db: deps.db, embeddings: port, logger: deps.logger });
      semantic.set(port, ranker);
      used.add(ranker);
    }
    return ranker;
  };
  return {
    rank: (query) => current().rank(query),
    // Every search that filled vectors in the background, whichever model it used.
    settled: async () => {
      await Promise.all([...used].map((ranker) => ranker.settled()));
    },
  };
}
