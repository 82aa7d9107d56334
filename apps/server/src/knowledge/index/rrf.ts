/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list gives an item 1 / (k + rank), rank
 * from 1, and the sums decide. Only ranks matter, so BM25 scores and cosine similarities, which
 * live on different scales, combine without any tuning; k = 60 damps the weight of the very top.
 */
export const RRF_K = 60;

export interface FusedHit<Id> {
  id: Id;
  score: number;
}

export function reciprocalRankFusion<Id>(rankings: readonly (readonly Id[])[], options: { k?: number; topK?: number } = {}): FusedHit<Id>[] {
  const k = options.k ?? RRF_K;
  const scores = new Map<Id, { score: number; best: number; first: number }>();
  let seen = 0;
  for (const ranking of rankings) {
    const inThisList = new Set<Id>();
    ranking.forEach((id, position) => {
      if (inThisList.has(id)) return;
      inThisList.add(id);
      const entry = scores.get(id) ?? { score: 0, best: Number.POSITIVE_INFINITY, first: seen++ };
      entry.score += 1 / (k + position + 1);
      entry.best = Math.min(entry.best, position);
      scores.set(id, entry);
    });
  }
  // Ties (same sum) go to the item ranked higher somewhere, then to the one seen first.
  const fused = [...scores]
    .sort(([, x], [, y]) => y.score - x.score || x.best - y.best || x.first - y.first)
    .map(([id, { score }]) => ({ id, score }));
  return options.topK === undefined ? fused : fused.slice(0, options.topK);
}

/**
 * Chunk ranking for a query: BM25 alone while the knowledge base has no embeddings, fused with
 * the vector ranking once it has them.
 */
export function rankHybrid(lexical: readonly { index: number }[], semantic: readonly { index: number }[] | undefined, topK: number): number[] {
  const lexicalIds = lexical.map((hit) => hit.index);
  if (!semantic || semantic.length === 0) return lexicalIds.slice(0, topK);
  return reciprocalRankFusion([lexicalIds, semantic.map((hit) => hit.index)], { topK }).map((hit) => hit.id);
}
