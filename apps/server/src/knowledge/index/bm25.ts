/**
 * Okapi BM25 over token lists (from tokenize.ts), kept as an inverted index so a search touches
 * only the postings of the query's terms. Serialisable to plain JSON to be stored with the
 * knowledge base and loaded back without re-tokenising.
 */
export interface Bm25Options {
  /** Term-frequency saturation. */
  k1?: number;
  /** Length normalisation: 0 none, 1 full. */
  b?: number;
}

export interface Bm25Hit {
  /** Position of the document in the list the index was built from. */
  index: number;
  score: number;
}

export interface Bm25Json {
  version: 1;
  k1: number;
  b: number;
  lengths: number[];
  /** [term, [doc, tf, doc, tf, …]]: an array, not an object, so no token can clash with a prototype key. */
  postings: [string, number[]][];
}

export class Bm25Index {
  private readonly averageLength: number;
  /** Each document's length normalisation, k1 · (1 − b + b · |d| / avgdl), computed once. */
  private readonly norms: Float64Array;
  /** Scratch for search (synchronous, so one per index is enough): scores by document, zero between searches. */
  private readonly scores: Float64Array;

  private constructor(
    private readonly postings: Map<string, number[]>,
    private readonly lengths: number[],
    readonly k1: number,
    readonly b: number,
  ) {
    const total = lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = lengths.length > 0 ? total / lengths.length || 1 : 1;
    this.norms = Float64Array.from(lengths, (length) => this.k1 * (1 - this.b + (this.b * length) / this.averageLength));
    this.scores = new Float64Array(lengths.length);
  }

  static build(documents: readonly (readonly string[])[], options: Bm25Options = {}): Bm25Index {
    const postings = new Map<string, number[]>();
    documents.forEach((tokens, doc) => {
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [term, tf] of counts) {
        const list = postings.get(term);
        if (list) list.push(doc, tf);
        else postings.set(term, [doc, tf]);
      }
    });
    return new Bm25Index(
      postings,
      documents.map((tokens) => tokens.length),
      options.k1 ?? 1.2,
      options.b ?? 0.75,
    );
  }

  static fromJSON(json: Bm25Json): Bm25Index {
    if (json.version !== 1) throw new Error(`unknown BM25 index version ${String(json.version)}`);
    return new Bm25Index(new Map(json.postings), json.lengths, json.k1, json.b);
  }

  toJSON(): Bm25Json {
    return { version: 1, k1: this.k1, b: this.b, lengths: this.lengths, postings: [...this.postings] };
  }

  get size(): number {
    return this.lengths.length;
  }

  /**
   * The best `topK` documents for the query's tokens, best first (ties by position); documents
   * sharing no term are left out. Scores accumulate in a typed array and only the best `topK`
   * are kept in order, so a common term matching every chunk of a large session costs no sort.
   */
  search(queryTokens: readonly string[], topK = 10): Bm25Hit[] {
    const count = this.lengths.length;
    const { scores, norms } = this;
    const touched: number[] = [];
    for (const term of new Set(queryTokens)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const df = list.length / 2;
      // The "plus one" form (Lucene's) keeps the weight positive for terms in over half the documents.
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const tf = list[i + 1]!;
        // Every term's weight is positive, so a zero score means the document was not reached yet.
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = scores[doc]! + (idf * tf * (this.k1 + 1)) / (tf + norms[doc]!);
      }
    }
    const best = bestOf(touched, scores, Math.max(0, topK));
    const hits = best.map((index) => ({ index, score: scores[index]! }));
    for (const doc of touched) scores[doc] = 0;
    return hits;
  }

  /**
   * What `search` would give a document outside the index, as if it were one more of its
   * documents: the index's term statistics, the document's own term counts. For a few extra
   * candidates scored on the scale of a large cached index without rebuilding it.
   */
  scoreOutside(queryTokens: readonly string[], documentTokens: readonly string[]): number {
    const counts = new Map<string, number>();
    for (const token of documentTokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    const count = this.lengths.length + 1;
    const norm = this.k1 * (1 - this.b + (this.b * documentTokens.length) / this.averageLength);
    let score = 0;
    for (const term of new Set(queryTokens)) {
      const tf = counts.get(term);
      if (!tf) continue;
      const df = (this.postings.get(term)?.length ?? 0) / 2 + 1;
      score += (Math.log(1 + (count - df + 0.5) / (df + 0.5)) * tf * (this.k1 + 1)) / (tf + norm);
    }
    return score;
  }
}

/** The `k` best documents by score (ties: lower index first), best first. */
function bestOf(docs: number[], scores: Float64Array, k: number): number[] {
  const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  if (k === 0) return [];
  if (docs.length <= k) return docs.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  const top: number[] = [];
  for (const doc of docs) {
    if (top.length === k && !better(doc, top[k - 1]!)) continue;
    // Binary search for the first kept document this one beats.
    let low = 0;
    let high = top.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (better(doc, top[mid]!)) high = mid;
      else low = mid + 1;
    }
    top.splice(low, 0, doc);
    if (top.length > k) top.pop();
  }
  return top;
}
