import type { Config } from '../../config/env.js';
import { PexelsSource } from './pexels.js';
import { PixabaySource } from './pixabay.js';
import type { StockSourceOptions } from './source-guard.js';
import type { StockSource } from './stock-port.js';

export { PEXELS_LICENCE, PexelsSource } from './pexels.js';
export { PIXABAY_LICENCE, PixabaySource } from './pixabay.js';
export { type SearchStockOptions, STOCK_TIMEOUT_MS, type StockLogger, searchStock } from './search-stock.js';
export type { StockSourceOptions } from './source-guard.js';
export { StockError, type StockErrorCode } from './stock-http.js';
export type { StockHit, StockSource, StockSourceName } from './stock-port.js';

/**
 * The configured stock sources, Pixabay first; [] when no key is set. Call it once per process:
 * each source holds its own 24 h cache and rate limit.
 */
export function createStockSources(
  config: Pick<Config, 'stock'>,
  options: Omit<StockSourceOptions, 'apiKey' | 'baseUrl'> = {},
): StockSource[] {
  const sources: StockSource[] = [];
  const { pixabay, pexels } = config.stock;
  if (pixabay) sources.push(new PixabaySource({ ...options, apiKey: pixabay.apiKey, baseUrl: pixabay.baseUrl }));
  if (pexels) sources.push(new PexelsSource({ ...options, apiKey: pexels.apiKey, baseUrl: pexels.baseUrl }));
  return sources;
}

/**
 * Where the configured sources' pictures are served from (their thumbnails are shown in the
 * picture search until one is picked): what the page's Content-Security-Policy must allow.
 */
export function stockImageOrigins(config: Pick<Config, 'stock'>): string[] {
  return [
    ...(config.stock.pixabay ? ['https://pixabay.com', 'https://cdn.pixabay.com'] : []),
    ...(config.stock.pexels ? ['https://images.pexels.com'] : []),
  ];
}
