import { StockError } from './stock-http.js';
import type { StockHit, StockSource } from './stock-port.js';

/** pino's and Fastify's loggers fit this. */
export interface StockLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SearchStockOptions {
  /** Per source (default 4 s): a slower source is skipped and the others' hits are returned. */
  timeoutMs?: number;
  logger?: StockLogger;
}

export const STOCK_TIMEOUT_MS = 4000;

/**
 * Asks every source at once and interleaves their hits (one from each in turn, in the order of
 * `sources`), at most `limit` in all. A source that fails, is over its rate limit or is slower
 * than the timeout is skipped and logged: stock photos are extra candidates, never a reason
 * for the picture search to fail. Only the caller's own abort rejects.
 */
export async function searchStock(
  sources: readonly StockSource[],
  query: string,
  limit: number,
  signal?: AbortSignal,
  options: SearchStockOptions = {},
): Promise<StockHit[]> {
  signal?.throwIfAborted();
  if (sources.length === 0 || !query.trim() || !(limit >= 1)) return [];
  const timeoutMs = options.timeoutMs ?? STOCK_TIMEOUT_MS;
  const lists = await Promise.all(
    sources.map(async (source) => {
      const started = Date.now();
      try {
        return await askWithin(source, query, limit, timeoutMs, signal);
      } catch (error) {
        if (signal?.aborted) return [];
        const reason = error instanceof StockError ? error.code : (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'error';
        // The message of a StockError has no key; anything else is only named, never quoted.
        const message = error instanceof StockError ? error.message : `${source.name}: ${(error as Error)?.name ?? 'Error'}`;
        options.logger?.warn({ source: source.name, reason, ms: Date.now() - started, error: message }, 'stock source skipped');
        return [];
      }
    }),
  );
  signal?.throwIfAborted();
  return interleave(lists, Math.floor(limit));
}

/** The source's answer, or a rejection once the timeout or the caller's abort fires, even if the source ignores its signal. */
async function askWithin(source: StockSource, query: string, limit: number, timeoutMs: number, signal?: AbortSignal): Promise<StockHit[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(combined.reason);
    combined.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([source.search(query, limit, combined), aborted]);
  } finally {
    combined.removeEventListener('abort', onAbort);
  }
}

/** Round robin over the lists, one hit per (source, id). */
export function interleave(lists: readonly StockHit[][], limit: number): StockHit[] {
  const out: StockHit[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest && out.length < limit; i++) {
    for (const list of lists) {
      const hit = list[i];
      if (!hit) continue;
      const key = `${hit.source}:${hit.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(hit);
      if (out.length >= limit) break;
    }
  }
  return out;
}
