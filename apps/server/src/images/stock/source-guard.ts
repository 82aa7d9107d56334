import { SlidingWindowLimiter } from './rate-window.js';
import { StockError } from './stock-http.js';
import type { StockHit, StockSourceName } from './stock-port.js';
import { TtlCache } from './ttl-cache.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What every stock adapter takes besides its key and base URL; the defaults follow the APIs' terms. */
export interface StockSourceOptions {
  apiKey: string;
  /** The API's base URL (PIXABAY_API_BASE, PEXELS_API_BASE); the public API by default. */
  baseUrl?: string;
  /** Per request, when the caller gives no shorter signal (default 8 s). */
  timeoutMs?: number;
  /** How long an answer is reused (default 24 h) and how many answers are kept (default 500). */
  cacheTtlMs?: number;
  cacheEntries?: number;
  /** Requests allowed per window for this key in this process (default: the API's published limit). */
  requestsPerWindow?: number;
  /** Tests only: the clock of the cache and the limiter. */
  now?: () => number;
}

/**
 * The cache and the rate limit in front of one stock API. A cached answer costs no request; a
 * request over the limit is refused with StockError('rate_limited') before anything is sent.
 * Both live in the adapter object, so the application creates its sources once (createStockSources).
 */
export class SourceGuard {
  private readonly cache: TtlCache<StockHit[]>;
  readonly limiter: SlidingWindowLimiter;
  private readonly now: () => number;

  constructor(
    private readonly source: StockSourceName,
    limit: { requests: number; windowMs: number },
    options: StockSourceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.cache = new TtlCache(options.cacheTtlMs ?? DAY_MS, options.cacheEntries ?? 500, this.now);
    this.limiter = new SlidingWindowLimiter(options.requestsPerWindow ?? limit.requests, limit.windowMs, this.now);
  }

  /** The cached hits for (query, limit), or fetch's (then cached); failures are not cached. */
  async run(query: string, limit: number, fetchHits: () => Promise<StockHit[]>): Promise<StockHit[]> {
    const key = `${limit}\u0000${query}`;
    const cached = this.cache.get(key);
    if (cached) return cached.map((hit) => ({ ...hit }));
    if (!this.limiter.tryTake()) throw new StockError(this.source, 'rate_limited', '本进程的请求配额已用完，本次搜索跳过该图库');
    const hits = await fetchHits();
    this.cache.set(key, hits);
    return hits.map((hit) => ({ ...hit }));
  }

  /**
   * Follows the API's rate-limit headers: a 429 or a remaining allowance of 0 closes the window
   * until the reset (seconds from now, or a UNIX time as Pexels sends), at most one window long.
   */
  noteResponse(response: Response): void {
    const remaining = response.headers.get('x-ratelimit-remaining');
    if (response.status !== 429 && remaining !== '0') return;
    const reset = Number(response.headers.get('retry-after') ?? response.headers.get('x-ratelimit-reset'));
    const now = this.now();
    let until = now + this.limiter.windowMs;
    if (Number.isFinite(reset) && reset > 0) until = reset > 1e9 ? reset * 1000 : now + reset * 1000;
    this.limiter.blockUntil(until);
  }
}

/** The query as sent and cached: whitespace collapsed, at most `maxChars` characters. */
export function normalizeQuery(query: string, maxChars: number): string {
  return Array.from(query.replace(/\s+/g, ' ').trim()).slice(0, maxChars).join('').trim();
}

export function clampLimit(limit: number, max: number): number {
  if (!Number.isFinite(limit)) return 0;
  return Math.min(max, Math.max(0, Math.floor(limit)));
}
