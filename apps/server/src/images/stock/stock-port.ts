/**
 * Stock-photo sources (issue 18, point 4): Pixabay and Pexels when their keys are configured.
 * A hit is only a candidate; the picture a user picks is copied into our storage (WeChat drops
 * hot-linked images) with its licence and attribution.
 */
export type StockSourceName = 'pixabay' | 'pexels';

export interface StockHit {
  /** The source's own id of the picture. */
  id: string;
  source: StockSourceName;
  /** A small picture for the candidate list (the source's CDN; shown, never stored). */
  previewUrl: string;
  /** The large picture to copy when the user picks it. */
  imageUrl: string;
  /** Words describing it (tags, alt text): what the ranking reads. */
  caption: string;
  width: number;
  height: number;
  /** The licence's name, e.g. 'Pixabay Content License', 'Pexels License'. */
  licence: string;
  /** Who made it and where, as the licence asks to credit it (Pexels: photographer and Pexels). */
  attribution: string;
  /** The picture's page on the source's site. */
  pageUrl: string;
}

export interface StockSource {
  readonly name: StockSourceName;
  /** Hits for a query (Chinese is fine for Pixabay; Pexels gets the query as given); [] when none. */
  search(query: string, limit: number, signal?: AbortSignal): Promise<StockHit[]>;
}
