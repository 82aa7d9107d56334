/**
 * `node --import tsx bench/retrieval-eval.ts`: the knowledge-base retrieval evaluation (issue 7).
 * Chunks and indexes the Chinese documents in apps/server/test/fixtures/retrieval like the
 * product, runs the labelled queries by BM25 alone and by the hybrid ranking (BM25 + a
 * deterministic fake embedder, fused by RRF), and prints recall@5 and MRR per split as a
 * markdown table for docs/benchmarks.md, next to the figures recorded in baseline.json.
 *   --misses   also list the dev queries whose answer is not in the top 5 (held-out misses are
 *              only counted, so nobody tunes on them).
 *   --json     print the full result (per-query ranks included) as JSON instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EVAL_SPLITS, type EvalMethod, evaluateRetrieval, loadEvaluationSet, RECALL_AT } from '../apps/server/src/knowledge/evaluation/evaluate.js';
import { fakeVector } from '../apps/server/test/fakes/embeddings-fake-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/retrieval');

type Baseline = Record<EvalMethod, Record<(typeof EVAL_SPLITS)[number], { recall5: number; mrr: number }>>;

async function main() {
  const args = new Set(process.argv.slice(2));
  const { documents, queries } = await loadEvaluationSet(FIXTURES);
  const started = performance.now();
  const result = await evaluateRetrieval({ documents, queries, embed: (texts) => texts.map(fakeVector) });
  const elapsed = performance.now() - started;
  if (args.has('--json')) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const baselinePath = path.join(FIXTURES, 'baseline.json');
  const baseline = fs.existsSync(baselinePath) ? (JSON.parse(fs.readFileSync(baselinePath, 'utf8')) as Baseline) : null;

  console.log(`${documents.length} documents, ${result.chunks} chunks, ${queries.length} queries (${elapsed.toFixed(0)} ms)`);
  for (const problem of result.labelProblems) console.log(`LABEL PROBLEM ${problem}`);
  console.log('');
  console.log(`| method | split | queries | recall@${RECALL_AT} | MRR | recorded recall@${RECALL_AT} / MRR |`);
  console.log('|---|---|---|---|---|---|');
  for (const method of ['bm25', 'hybrid'] as const) {
    for (const split of EVAL_SPLITS) {
      const metrics = result.metrics[method]?.[split];
      if (!metrics) continue;
      const recorded = baseline?.[method]?.[split];
      const name = method === 'bm25' ? 'BM25' : 'hybrid (BM25 + fake vectors, RRF)';
      console.log(
        `| ${name} | ${split} | ${metrics.queries} | ${pct(metrics.recall5)} | ${metrics.mrr.toFixed(3)} | ${recorded ? `${pct(recorded.recall5)} / ${recorded.mrr.toFixed(3)}` : '—'} |`,
      );
    }
  }

  const styles = [...new Set(queries.map((query) => query.style ?? 'unlabelled'))];
  if (styles.length > 1) {
    console.log('');
    console.log(`recall@${RECALL_AT} by query style, both splits:`);
    for (const style of styles) {
      const outcomes = result.outcomes.filter((outcome) => (outcome.style ?? 'unlabelled') === style);
      const share = (method: EvalMethod) => outcomes.filter((o) => (o.rank[method] ?? Infinity) <= RECALL_AT).length / outcomes.length;
      console.log(`  ${style} (${outcomes.length}): BM25 ${pct(share('bm25'))}, hybrid ${pct(share('hybrid'))}`);
    }
  }

  if (args.has('--misses')) {
    console.log('');
    console.log(`dev queries without a relevant chunk in the top ${RECALL_AT}:`);
    for (const outcome of result.outcomes.filter((o) => o.split === 'dev')) {
      const missed = (['bm25', 'hybrid'] as const).filter((method) => (outcome.rank[method] ?? Infinity) > RECALL_AT);
      if (missed.length === 0) continue;
      const ranks = (['bm25', 'hybrid'] as const).map((method) => `${method} ${outcome.rank[method] ?? '—'}`).join(', ');
      console.log(`  ${outcome.id} ${outcome.query} (${ranks}); BM25 top: ${outcome.top.bm25?.join(' ')}`);
    }
    const heldOutMisses = result.outcomes.filter((o) => o.split === 'held_out' && (['bm25', 'hybrid'] as const).some((m) => (o.rank[m] ?? Infinity) > RECALL_AT));
    console.log(`held-out: ${heldOutMisses.length} queries missed by at least one method (not listed)`);
  }
}

function pct(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
