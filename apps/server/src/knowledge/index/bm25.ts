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

  private constructor(
    private readonly postings: Map<string, number[]>,
    private readonly lengths: number[],
    readonly k1: number,
    readonly b: number,
  ) {
    const total = lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = lengths.length > 0 ? total / lengths.length || 1 : 1;
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

  /** The best `topK` documents for the query's tokens, best first; documents sharing no term are left out. */
  search(queryTokens: readonly string[], topK = 10): Bm25Hit[] {
    const count = this.lengths.length;
    const scores = new Map<number, number>();
    for (const term of new Set(queryTokens)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const df = list.length / 2;
      // The "plus one" form (Lucene's) keeps the weight positive for terms in over half the documents.
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const tf = list[i + 1]!;
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / this.averageLength);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.k1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .map(([index, score]) => ({ index, score }))
      .sort((x, y) => y.score - x.score || x.index - y.index)
      .slice(0, Math.max(0, topK));
  }
}
