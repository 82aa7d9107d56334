import { SearchError, type SearchResult } from './search-port.js';

/*
 * Shared wire code of the search adapters. Search APIs are endpoints the operator configured,
 * so they are called with plain fetch and a timeout; URLs that come back in results (or from
 * users) are fetched only through providers/http/safe-fetch.ts.
 */

export interface SearchAdapterConfig {
  apiKey?: string;
  /** Overridable for tests and self-hosted proxies. */
  baseUrl?: string;
  timeoutMs?: number;
}

export const DEFAULT_LIMIT = 8;
export const MAX_LIMIT = 20;

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', middot: '·' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text from a snippet that may carry highlighting tags and entities. */
export function stripHtml(text: unknown): string {
  if (typeof text !== 'string') return '';
  const withoutTags = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<\/?[a-z!][^>]*>/gi, '');
  // Decoded after the tags are gone, so an escaped "&lt;b&gt;" stays visible text.
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const optionalText = (value: unknown) => {
  const text = stripHtml(value);
  return text ? text : undefined;
};

/** Cleans raw results: http(s) only, tags stripped, one result per URL (fragment ignored), at most `limit`. */
export function finishResults(
  raw: { title?: unknown; url?: unknown; content?: unknown; siteName?: unknown; publishedAt?: unknown }[],
  limit: number,
): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const item of raw) {
    if (results.length >= limit) break;
    const url = httpUrl(item.url);
    if (!url) continue;
    url.hash = '';
    const key = url.href.replace(/\/$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    const result: SearchResult = { title: stripHtml(item.title) || url.hostname, url: url.href, content: stripHtml(item.content) };
    const siteName = optionalText(item.siteName);
    const publishedAt = optionalText(item.publishedAt);
    if (siteName) result.siteName = siteName;
    if (publishedAt) result.publishedAt = publishedAt;
    results.push(result);
  }
  return results;
}

function redact(text: string, secrets: (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('***');
  return out;
}

/** The provider's own error text from a JSON or plain body, short and without secrets. */
function errorDetail(body: string): string {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const detail = json.detail as Record<string, unknown> | string | undefined;
    const text = [json.message, json.msg, typeof detail === 'object' ? detail?.error : detail, json.error].find(
      (v) => typeof v === 'string' && v,
    );
    if (typeof text === 'string') return text.slice(0, 200);
  } catch {
    // not JSON
  }
  return stripHtml(body).slice(0, 200);
}

export interface JsonRequest {
  provider: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Removed from every error message. */
  secrets: (string | undefined)[];
  /** A hint appended for a given HTTP status. */
  hints?: Record<number, string>;
}

/** fetch + JSON with a time limit; every failure becomes a SearchError without the secrets. */
export async function requestJson(req: JsonRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const fail = (message: string, status?: number) => new SearchError(req.provider, redact(message, req.secrets), status);
  let response: Response;
  let text: string;
  try {
    response = await fetch(req.url, { ...req.init, signal, redirect: 'error' });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) throw fail(`请求超时（${req.timeoutMs / 1000} 秒）`);
    if (req.signal?.aborted) throw req.signal.reason;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw fail(`无法连接搜索服务：${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  if (!response.ok) {
    const hint = req.hints?.[response.status];
    const detail = errorDetail(text);
    throw fail(`HTTP ${response.status}${detail ? `：${detail}` : ''}${hint ? `（${hint}）` : ''}`, response.status);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw fail('返回的不是有效的 JSON', response.status);
  }
}

export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
