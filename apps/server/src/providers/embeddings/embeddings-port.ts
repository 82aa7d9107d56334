/** Text to vectors, for the knowledge base's semantic half of hybrid retrieval. */
export interface EmbeddingsPort {
  /** The model name, stored with an index so vectors of different models are never compared. */
  readonly model: string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export class EmbeddingsError extends Error {
  override name = 'EmbeddingsError';
  constructor(
    /** Chinese, safe to show. */
    readonly userMessage: string,
    options: { internal?: string; cause?: unknown } = {},
  ) {
    super(options.internal ?? userMessage, { cause: options.cause });
  }
}

/** Cosine similarity; 0 for a zero vector or vectors of different lengths. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
