import fs from 'node:fs/promises';
import path from 'node:path';
import { cosine } from '../../providers/embeddings/embeddings-port.js';
import { Bm25Index, type Bm25Hit, chunkDocument, rankHybrid, tokenize } from '../index/index.js';
import { parseDocument } from '../parse/index.js';

/**
 * Offline retrieval evaluation (issue 7): labelled queries over a fixed set of documents,
 * ranked the way the product ranks them, scored by recall@5 and MRR per split and method.
 *
 * The documents go through the product's own path: parseDocument, chunkDocument with the file
 * name, tokenize(chunk.text) into a Bm25Index, vectors of chunk.text. A query's relevant
 * chunks are those of its file whose content contains its anchor, so labels survive changes to
 * chunking. No test dependencies: used by the CI test and by bench/retrieval-eval.ts.
 */
export type EvalSplit = 'dev' | 'held_out';
export const EVAL_SPLITS: readonly EvalSplit[] = ['dev', 'held_out'];

export interface EvalDocument {
  fileName: string;
  /** Parsed text, as the build chunks it. */
  text: string;
}

export interface EvalQuery {
  id: string;
  split: EvalSplit;
  /** 'lexical' (shares the answer's words) or 'paraphrase'; informative only. */
  style?: string;
  query: string;
  /** File name of the document holding the answer. */
  file: string;
  /** A verbatim phrase that occurs in exactly one chunk of `file`: the answer passage. */
  anchor: string;
}

/**
 * Texts → one vector each, in order: the shape of EmbeddingsPort.embed, so a real provider plugs
 * in as `(texts) => port.embed(texts)` and the fake as `(texts) => texts.map(fakeVector)`.
 */
export type EmbedFn = (texts: readonly string[]) => number[][] | Promise<number[][]>;

/** Texts per embed call. */
const EMBED_BATCH = 32;

export type EvalMethod = 'bm25' | 'hybrid';

export interface SplitMetrics {
  queries: number;
  /** Share of queries with a relevant chunk in the top 5. */
  recall5: number;
  /** Mean of 1 / rank of the first relevant chunk, 0 when none is in the top MRR_DEPTH. */
  mrr: number;
}

export interface QueryOutcome {
  id: string;
  split: EvalSplit;
  style?: string;
  query: string;
  /** 1-based rank of the first relevant chunk per method; null when not in the top MRR_DEPTH. */
  rank: Partial<Record<EvalMethod, number | null>>;
  /** Top 5 chunk labels (file#ordinal) per method. */
  top: Partial<Record<EvalMethod, string[]>>;
}

export interface EvaluationResult {
  chunks: number;
  /** Queries whose anchor is not in exactly one chunk of its file, or whose file is missing. */
  labelProblems: string[];
  outcomes: QueryOutcome[];
  metrics: Partial<Record<EvalMethod, Record<EvalSplit, SplitMetrics>>>;
}

export const RECALL_AT = 5;
export const MRR_DEPTH = 50;
/** Candidates each ranking contributes before fusion: the same as CANDIDATES in retrieve.ts. */
export const HYBRID_CANDIDATES = 30;

interface IndexedChunk {
  fileName: string;
  ordinal: number;
  text: string;
  content: string;
}

/**
 * Chunks and indexes `documents`, runs every query by BM25 alone and (when `embed` is given)
 * by the hybrid ranking, and scores both per split.
 */
export async function evaluateRetrieval(input: {
  documents: readonly EvalDocument[];
  queries: readonly EvalQuery[];
  embed?: EmbedFn;
}): Promise<EvaluationResult> {
  const chunks: IndexedChunk[] = input.documents.flatMap((document) =>
    chunkDocument(document.text, { fileName: document.fileName }).map((chunk) => ({
      fileName: document.fileName,
      ordinal: chunk.ordinal,
      text: chunk.text,
      content: chunk.content,
    })),
  );
  const bm25 = Bm25Index.build(chunks.map((chunk) => tokenize(chunk.text)));
  const vectors = input.embed ? await embedAll(input.embed, chunks.map((chunk) => chunk.text)) : null;
  const queryVectors = input.embed ? await embedAll(input.embed, input.queries.map((query) => query.query)) : null;
  const label = (i: number) => `${chunks[i]!.fileName}#${chunks[i]!.ordinal}`;

  const labelProblems: string[] = [];
  const outcomes: QueryOutcome[] = [];
  for (const [q, query] of input.queries.entries()) {
    const relevant = new Set<number>();
    chunks.forEach((chunk, i) => {
      if (chunk.fileName === query.file && chunk.content.includes(query.anchor)) relevant.add(i);
    });
    if (relevant.size !== 1) {
      labelProblems.push(`${query.id}: anchor "${query.anchor}" found in ${relevant.size} chunks of ${query.file}`);
    }

    const rankings: Partial<Record<EvalMethod, number[]>> = { bm25: rankBm25(bm25, query.query) };
    if (vectors && queryVectors) rankings.hybrid = rankHybridLikeProduct(bm25, vectors, queryVectors[q]!, query.query);
    const outcome: QueryOutcome = { id: query.id, split: query.split, style: query.style, query: query.query, rank: {}, top: {} };
    for (const [method, ranking] of Object.entries(rankings) as [EvalMethod, number[]][]) {
      const position = ranking.findIndex((i) => relevant.has(i));
      outcome.rank[method] = position >= 0 ? position + 1 : null;
      outcome.top[method] = ranking.slice(0, RECALL_AT).map(label);
    }
    outcomes.push(outcome);
  }

  const methods: EvalMethod[] = vectors ? ['bm25', 'hybrid'] : ['bm25'];
  const metrics: EvaluationResult['metrics'] = {};
  for (const method of methods) {
    metrics[method] = {
      dev: score(outcomes.filter((o) => o.split === 'dev').map((o) => o.rank[method] ?? null)),
      held_out: score(outcomes.filter((o) => o.split === 'held_out').map((o) => o.rank[method] ?? null)),
    };
  }
  return { chunks: chunks.length, labelProblems, outcomes, metrics };
}

/** BM25 alone: the product's ranking while a knowledge base has no vectors, read to MRR_DEPTH. */
function rankBm25(bm25: Bm25Index, query: string): number[] {
  return bm25.search(tokenize(query), MRR_DEPTH).map((hit) => hit.index);
}

/**
 * The hybrid ranking as KnowledgeRetriever.search does it (retrieve.ts, replicated here because
 * that glue lives inside a database-backed class): BM25 candidates and cosine candidates, each
 * the top HYBRID_CANDIDATES, fused by rankHybrid. No document filter: every chunk is searchable.
 */
function rankHybridLikeProduct(bm25: Bm25Index, vectors: readonly number[][], queryVector: readonly number[], query: string): number[] {
  const lexical: Bm25Hit[] = bm25.search(tokenize(query), HYBRID_CANDIDATES * 4);
  const semantic = vectors
    .map((vector, index) => ({ index, score: cosine(queryVector, vector) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, HYBRID_CANDIDATES);
  return rankHybrid(lexical.slice(0, HYBRID_CANDIDATES), semantic, MRR_DEPTH);
}

async function embedAll(embed: EmbedFn, texts: readonly string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let at = 0; at < texts.length; at += EMBED_BATCH) {
    const slice = texts.slice(at, at + EMBED_BATCH);
    const batch = await embed(slice);
    if (batch.length !== slice.length) throw new Error(`embed returned ${batch.length} vectors for ${slice.length} texts`);
    vectors.push(...batch);
  }
  return vectors;
}

function score(ranks: readonly (number | null)[]): SplitMetrics {
  const queries = ranks.length;
  if (queries === 0) return { queries, recall5: 0, mrr: 0 };
  const hits = ranks.filter((rank) => rank !== null && rank <= RECALL_AT).length;
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank !== null && rank <= MRR_DEPTH ? 1 / rank : 0), 0);
  return { queries, recall5: hits / queries, mrr: reciprocal / queries };
}

/**
 * Reads an evaluation set from a folder: every .md / .txt / .docx / .pdf file, parsed by the
 * product's parseDocument (sorted by name, the order chunks are indexed in), and queries.json
 * (`{ queries: EvalQuery[] }`).
 */
export async function loadEvaluationSet(dir: string): Promise<{ documents: EvalDocument[]; queries: EvalQuery[] }> {
  const names = (await fs.readdir(dir)).filter((name) => /\.(md|txt|docx|pdf)$/i.test(name)).sort();
  const documents: EvalDocument[] = [];
  for (const fileName of names) {
    const parsed = await parseDocument(await fs.readFile(path.join(dir, fileName)), fileName);
    documents.push({ fileName, text: parsed.text });
  }
  const { queries } = JSON.parse(await fs.readFile(path.join(dir, 'queries.json'), 'utf8')) as { queries: EvalQuery[] };
  return { documents, queries };
}
