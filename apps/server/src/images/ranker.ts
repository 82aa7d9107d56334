import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { EmbeddingsPort } from '../providers/embeddings/embeddings-port.js';
import { type LibraryRanker, LibrarySearch } from './library-search.js';
import { SemanticLibrarySearch } from './semantic-search.js';

/** The picture search as configured: words alone (BM25 over captions), with embeddings when an API is set. */
export function createLibraryRanker(deps: { db: Db; embeddings: EmbeddingsPort | null; logger?: Logger }): LibraryRanker & { settled(): Promise<void> } {
  const lexical = new LibrarySearch({ db: deps.db });
  if (!deps.embeddings) return lexical;
  return new SemanticLibrarySearch(lexical, { db: deps.db, embeddings: deps.embeddings, logger: deps.logger });
}
