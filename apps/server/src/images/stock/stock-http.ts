import type { StockSourceName } from './stock-port.js';

/*
 * The wire code of the stock adapters. The API bases are configured by the operator
 * (PIXABAY_API_BASE, PEXELS_API_BASE), like the LLM and search endpoints, so they are called
 * with plain fetch and a timeout. providers/http/safe-fetch.ts is for URLs that come from users
 * or from results: it refuses loopback and private addresses by design, which would also refuse
 * a self-hosted proxy and the loopback fakes of the tests. The picture URLs that come back in
 * hits are such result URLs: copy a picked picture through safeFetch, not through this.
 */

export type StockErrorCode = 'rate_limited' | 'timeout' | 'unreachable' | 'http' | 'bad_response';

/** A source that could not answer; searchStock logs it and skips the source. Never carries the key. */
export class StockError extends Error {
  override name = 'StockError';
  constructor(
    readonly source: StockSourceName,
    readonly code: StockErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
  }
}

export interface JsonGet {
  source: StockSourceName;
  url: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Removed from every error message, as given and URL-encoded. */
  secrets: string[];
  /** Sees the headers of every answer (rate-limit bookkeeping), errors included. */
  onResponse?: (response: Response) => void;
}

function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  }
  return out;
}

/** A short, plain excerpt of an error body for the log. */
function excerpt(body: string): string {
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}

/** GET + JSON with a time limit; every failure is a StockError without the secrets, a caller's abort its reason. */
export async function getJson(req: JsonGet): Promise<unknown> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const fail = (code: StockErrorCode, message: string, status?: number) => new StockError(req.source, code, redact(message, req.secrets), status);
  let response: Response;
  let text: string;
  try {
    // NOTE: redirect 'error': the key (in the query or a header) must never follow a redirect elsewhere.
    response = await fetch(req.url, { headers: { accept: 'application/json', ...req.headers }, signal, redirect: 'error' });
    req.onResponse?.(response);
    text = await response.text();
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) throw fail('timeout', `请求超时（${req.timeoutMs / 1000} 秒）`);
    const cause = (error as { cause?: { code?: string } }).cause;
    // Only the error code: a message might quote the request's URL, and with it Pixabay's key.
    throw fail('unreachable', `无法连接图库服务（${cause?.code ?? (error as Error).name}）`);
  }
  if (response.status === 429) throw fail('rate_limited', 'HTTP 429：请求过于频繁', 429);
  if (!response.ok) {
    const detail = excerpt(text);
    throw fail('http', `HTTP ${response.status}${detail ? `：${detail}` : ''}`, response.status);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw fail('bad_response', '返回的不是有效的 JSON', response.status);
  }
}

/** An http(s) URL, or undefined: the hits' URLs are shown and later copied, so nothing else passes. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function positiveInt(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}
