export { type Bm25Hit, Bm25Index, type Bm25Json, type Bm25Options } from './bm25.js';
export { CHUNK_MAX_CHARS, CHUNK_MIN_CHARS, type Chunk, type ChunkOptions, chunkDocument } from './chunk.js';
export { type FusedHit, RRF_K, rankHybrid, reciprocalRankFusion } from './rrf.js';
export { type Keyword, topKeywords } from './tfidf.js';
export { getJieba, type TokenizeMode, tokenize } from './tokenize.js';
