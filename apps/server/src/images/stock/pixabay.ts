import { clampLimit, normalizeQuery, SourceGuard, type StockSourceOptions } from './source-guard.js';
import { getJson, httpUrl, positiveInt, StockError, text } from './stock-http.js';
import type { StockHit, StockSource } from './stock-port.js';

export const PIXABAY_DEFAULT_BASE = 'https://pixabay.com/api/';
export const PIXABAY_LICENCE = 'Pixabay Content License';

interface PixabayHit {
  id?: number | string;
  pageURL?: string;
  tags?: string;
  previewURL?: string;
  webformatURL?: string;
  largeImageURL?: string;
  imageWidth?: number;
  imageHeight?: number;
  user?: string;
}

/**
 * Pixabay's image search (https://pixabay.com/api/docs/): the key in the query string, Chinese
 * queries with lang=zh (the tags then come back in Chinese too). Its terms: at most 100 requests
 * per 60 s per key, and answers cached for 24 hours; SourceGuard keeps both.
 */
export class PixabaySource implements StockSource {
  readonly name = 'pixabay' as const;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly guard: SourceGuard;

  constructor(options: StockSourceOptions) {
    if (!options.apiKey) throw new Error('Pixabay needs an API key');
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl ?? PIXABAY_DEFAULT_BASE;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.guard = new SourceGuard(this.name, { requests: 100, windowMs: 60_000 }, options);
  }

  async search(query: string, limit: number, signal?: AbortSignal): Promise<StockHit[]> {
    // Pixabay: q at most 100 characters; per_page 3–200.
    const q = normalizeQuery(query, 100);
    const count = clampLimit(limit, 200);
    if (!q || count === 0) return [];
    return this.guard.run(q, count, async () => {
      const url = new URL(this.baseUrl);
      const params = { key: this.apiKey, q, lang: 'zh', image_type: 'photo', safesearch: 'true', per_page: String(Math.max(3, count)) };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      const json = await getJson({
        source: this.name,
        url: url.href,
        timeoutMs: this.timeoutMs,
        signal,
        secrets: [this.apiKey],
        onResponse: (response) => this.guard.noteResponse(response),
      });
      const hits = (json as { hits?: unknown } | null)?.hits;
      if (!Array.isArray(hits)) throw new StockError(this.name, 'bad_response', '返回中没有 hits');
      return hits
        .map((hit: PixabayHit) => toStockHit(hit))
        .filter((hit): hit is StockHit => hit !== null)
        .slice(0, count);
    });
  }
}

function toStockHit(hit: PixabayHit): StockHit | null {
  const id = hit?.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '') return null;
  const imageUrl = httpUrl(hit.largeImageURL) ?? httpUrl(hit.webformatURL);
  if (!imageUrl) return null;
  const user = text(hit.user);
  return {
    id: String(id),
    source: 'pixabay',
    // webformat (640 px) rather than the 150 px preview: sharp enough for a candidate list.
    previewUrl: httpUrl(hit.webformatURL) ?? httpUrl(hit.previewURL) ?? imageUrl,
    imageUrl,
    caption: text(hit.tags),
    width: positiveInt(hit.imageWidth),
    height: positiveInt(hit.imageHeight),
    licence: PIXABAY_LICENCE,
    attribution: user ? `Pixabay · ${user}` : 'Pixabay',
    pageUrl: httpUrl(hit.pageURL) ?? 'https://pixabay.com/',
  };
}
