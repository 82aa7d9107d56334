import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EVAL_SPLITS,
  type EvalDocument,
  type EvalMethod,
  type EvalQuery,
  type EvalSplit,
  type EvaluationResult,
  evaluateRetrieval,
  loadEvaluationSet,
} from '../../src/knowledge/evaluation/evaluate.js';
import { fakeVector } from '../fakes/embeddings-fake-server.js';

/**
 * Issue 7's retrieval evaluation as a regression gate: recall@5 on the held-out half must not
 * fall more than 5 points below the figures recorded in fixtures/retrieval/baseline.json, for
 * BM25 alone and for the hybrid ranking with the deterministic fake embedder. The report with
 * both splits is `node --import tsx bench/retrieval-eval.ts` (docs/benchmarks.md).
 */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/retrieval');
const TOLERANCE = 0.05;
const fakeEmbed = (texts: readonly string[]) => texts.map(fakeVector);

type Baseline = Record<EvalMethod, Record<EvalSplit, { recall5: number; mrr: number }>>;
const baseline = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'baseline.json'), 'utf8')) as Baseline;

let documents: EvalDocument[];
let queries: EvalQuery[];
let result: EvaluationResult;

beforeAll(async () => {
  ({ documents, queries } = await loadEvaluationSet(FIXTURES));
  result = await evaluateRetrieval({ documents, queries, embed: fakeEmbed });
});

describe('retrieval evaluation set', () => {
  it('has 5–8 documents of 3,000–6,000 characters', () => {
    expect(documents.length).toBeGreaterThanOrEqual(5);
    expect(documents.length).toBeLessThanOrEqual(8);
    for (const document of documents) {
      const length = [...document.text].length;
      expect(length, document.fileName).toBeGreaterThanOrEqual(3000);
      expect(length, document.fileName).toBeLessThanOrEqual(6000);
    }
  });

  it('has at least 60 queries with unique ids, at least 30 in each split', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    for (const split of EVAL_SPLITS) expect(queries.filter((query) => query.split === split).length, split).toBeGreaterThanOrEqual(30);
    expect(queries.every((query) => (EVAL_SPLITS as readonly string[]).includes(query.split))).toBe(true);
  });

  it('labels every query with an anchor found in exactly one chunk of its document', () => {
    const files = new Set(documents.map((document) => document.fileName));
    for (const query of queries) expect(files.has(query.file), `${query.id}: ${query.file}`).toBe(true);
    expect(result.labelProblems).toEqual([]);
  });
});

describe('retrieval quality against the recorded baseline', () => {
  for (const method of ['bm25', 'hybrid'] as const) {
    it(`${method}: held-out recall@5 is at most ${TOLERANCE * 100} points below the recorded figure`, () => {
      const metrics = result.metrics[method]!;
      for (const split of EVAL_SPLITS) expect(metrics[split].queries, split).toBe(queries.filter((query) => query.split === split).length);
      expect(metrics.held_out.recall5).toBeGreaterThanOrEqual(baseline[method].held_out.recall5 - TOLERANCE - 1e-9);
    });
  }

  it('ranks deterministically', async () => {
    const again = await evaluateRetrieval({ documents, queries, embed: fakeEmbed });
    expect(again.metrics).toEqual(result.metrics);
  });
});
