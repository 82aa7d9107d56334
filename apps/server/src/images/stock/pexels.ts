import { clampLimit, normalizeQuery, SourceGuard, type StockSourceOptions } from './source-guard.js';
import { getJson, httpUrl, positiveInt, StockError, text } from './stock-http.js';
import type { StockHit, StockSource } from './stock-port.js';

export const PEXELS_DEFAULT_BASE = 'https://api.pexels.com/v1';
export const PEXELS_LICENCE = 'Pexels License';

interface PexelsPhoto {
  id?: number | string;
  width?: number;
  height?: number;
  url?: string;
  alt?: string;
  photographer?: string;
  src?: { medium?: string; large?: string; large2x?: string; original?: string };
}

/**
 * Pexels' photo search (https://www.pexels.com/api/documentation/): the key in the
 * Authorization header, locale=zh-CN so that a Chinese query is understood. 200 requests per
 * hour per key; answers cached for 24 hours like Pixabay's. Pexels asks for credit to the
 * photographer and to Pexels, hence the attribution.
 */
export class PexelsSource implements StockSource {
  readonly name = 'pexels' as const;
  private readonly apiKey: string;
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly guard: SourceGuard;

  constructor(options: StockSourceOptions) {
    if (!options.apiKey) throw new Error('Pexels needs an API key');
    this.apiKey = options.apiKey;
    this.endpoint = `${(options.baseUrl ?? PEXELS_DEFAULT_BASE).replace(/\/+$/, '')}/search`;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.guard = new SourceGuard(this.name, { requests: 200, windowMs: 60 * 60_000 }, options);
  }

  async search(query: string, limit: number, signal?: AbortSignal): Promise<StockHit[]> {
    const q = normalizeQuery(query, 200);
    // Pexels: per_page at most 80.
    const count = clampLimit(limit, 80);
    if (!q || count === 0) return [];
    return this.guard.run(q, count, async () => {
      const url = new URL(this.endpoint);
      url.searchParams.set('query', q);
      url.searchParams.set('per_page', String(count));
      url.searchParams.set('locale', 'zh-CN');
      const json = await getJson({
        source: this.name,
        url: url.href,
        headers: { authorization: this.apiKey },
        timeoutMs: this.timeoutMs,
        signal,
        secrets: [this.apiKey],
        onResponse: (response) => this.guard.noteResponse(response),
      });
      const photos = (json as { photos?: unknown } | null)?.photos;
      if (!Array.isArray(photos)) throw new StockError(this.name, 'bad_response', '返回中没有 photos');
      return photos
        .map((photo: PexelsPhoto) => toStockHit(photo))
        .filter((hit): hit is StockHit => hit !== null)
        .slice(0, count);
    });
  }
}

function toStockHit(photo: PexelsPhoto): StockHit | null {
  const id = photo?.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '') return null;
  const src = photo.src ?? {};
  const imageUrl = httpUrl(src.large2x) ?? httpUrl(src.large) ?? httpUrl(src.original);
  if (!imageUrl) return null;
  const photographer = text(photo.photographer);
  return {
    id: String(id),
    source: 'pexels',
    previewUrl: httpUrl(src.medium) ?? httpUrl(src.large) ?? imageUrl,
    imageUrl,
    caption: text(photo.alt),
    width: positiveInt(photo.width),
    height: positiveInt(photo.height),
    licence: PEXELS_LICENCE,
    attribution: photographer ? `${photographer} / Pexels` : 'Pexels',
    pageUrl: httpUrl(photo.url) ?? 'https://www.pexels.com/',
  };
}
