import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type CheckedUrl, checkUrl, type ResolvedAddress, type Resolver, SafeFetchError } from './ssrf-guard.js';

/*
 * safeFetch is for URLs that come from users or from search results (knowledge base "by URL",
 * pages opened during research). Calls to operator-configured endpoints (LLM, search APIs,
 * payment) use plain fetch. Node's global fetch cannot pin the address it connects to, so this
 * goes through node:http/https: each hop is resolved and checked once, and the socket's `lookup`
 * only ever answers with those checked addresses, so a DNS answer that changes between the
 * check and the connect (rebinding) cannot reach a private address.
 */

export { SafeFetchError } from './ssrf-guard.js';

export interface SafeFetchOptions {
  /** Body limit after decompression (default 5 MB). */
  maxBytes?: number;
  /** For the whole fetch, redirects included (default 15 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Tests only: skip the address policy for every host (true) or for these exact hostnames. */
  allowPrivate?: boolean | readonly string[];
  /** Tests only: replaces the system resolver; its answers are still checked and pinned. */
  resolve?: Resolver;
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
  contentType: string;
}

const DEFAULT_HEADERS: Record<string, string> = {
  'user-agent': 'Mozilla/5.0 (compatible; TianmaBot/1.0)',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.6',
  'accept-encoding': 'gzip, deflate, br',
};
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...DEFAULT_HEADERS };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;

  let target: string | URL = input;
  try {
    for (let redirects = 0; ; redirects++) {
      const checked = await abortable(checkUrl(target, { resolve: options.resolve, allowPrivate: options.allowPrivate }), signal);
      const res = await request(checked, headers, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.destroy();
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('TOO_MANY_REDIRECTS', '网页重定向次数过多', `more than ${maxRedirects} redirects`);
        }
        const next = new URL(location, checked.url);
        // Credentials the caller gave for one site must not follow a redirect to another.
        if (next.origin !== checked.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
        target = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new SafeFetchError('HTTP_ERROR', `网页无法访问（HTTP ${status}）`, `HTTP ${status} from ${checked.url.host}`, status);
      }
      const tooLarge = () =>
        new SafeFetchError('TOO_LARGE', `网页内容过大（超过 ${formatSize(maxBytes)}）`, `body over ${maxBytes} bytes`);
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        res.destroy();
        throw tooLarge();
      }
      const body = await readBody(res, maxBytes, tooLarge);
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      return { url: checked.url.href, status, headers: responseHeaders, body, contentType: responseHeaders.get('content-type') ?? '' };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (timeout.aborted) throw new SafeFetchError('TIMEOUT', '访问网页超时', `no complete answer within ${timeoutMs} ms`);
    if (options.signal?.aborted) throw options.signal.reason;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SafeFetchError('NETWORK', '无法连接到该网页', `network error: ${code ?? (error as Error).message}`);
  }
}

function request(target: CheckedUrl, headers: Record<string, string>, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: target.host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers,
        // No pooling: a kept-alive socket could have been opened for an earlier, differently checked hop.
        agent: false,
        lookup: pinnedLookup(target.addresses),
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** A lookup that can only answer with addresses the guard has already checked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of this family'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    } else {
      callback(null, first.address, first.family);
    }
  };
}

async function readBody(res: http.IncomingMessage, maxBytes: number, tooLarge: () => SafeFetchError): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decompressor =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  const source: Readable = decompressor ? pipeline(res, decompressor, () => {}) : res;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Counted after decompression, so a small compressed bomb is stopped too.
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))}MB` : `${Math.ceil(bytes / 1024)}KB`;
}

/**
 * Text of a fetched page: the byte-order mark wins, then the Content-Type charset, then a
 * <meta charset> or http-equiv in the first 2 KB, else UTF-8. GB2312/GBK/GB18030 decode as
 * GB18030 and Big5 as Big5 through Node's ICU TextDecoder; an unknown label falls back to UTF-8.
 */
export function decodeBody(body: Uint8Array, contentType?: string | null): string {
  const label = bomCharset(body) ?? headerCharset(contentType) ?? metaCharset(body) ?? 'utf-8';
  return decoderFor(label).decode(body);
}

function decoderFor(label: string): TextDecoder {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
  // NOTE: the Encoding Standard decodes every GBK label (gb2312, gbk, x-gbk, chinese...) with the
  // gb18030 decoder, but Node's ICU 'gbk' is Windows-936: it turns GB18030's four-byte characters
  // (rare names, CJK extension B) into U+FFFD and some two-byte ones into private-use code points.
  return decoder.encoding === 'gbk' ? new TextDecoder('gb18030') : decoder;
}

function bomCharset(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return null;
}

function headerCharset(contentType?: string | null): string | null {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

function metaCharset(body: Uint8Array): string | null {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 2048)).toString('latin1');
  const label = /<meta[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  if (!label) return null;
  // HTML: a meta that claims UTF-16 was necessarily read as ASCII-compatible bytes, so it means UTF-8.
  return /^utf-16/i.test(label) ? 'utf-8' : label;
}
