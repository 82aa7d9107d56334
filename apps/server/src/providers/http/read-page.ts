import { extractMainText, type MainText } from './extract-main-text.js';
import { decodeBody, type SafeFetchOptions, safeFetch } from './safe-fetch.js';

/** Tests only: lets a test reach its loopback server through the SSRF guard (see SafeFetchOptions). */
export type PageFetchOverrides = Pick<SafeFetchOptions, 'allowPrivate' | 'resolve'>;

/** The article in a fetched body: HTML through Readability, plain text as is, anything else (PDF, images) null. */
export function pageText(body: Buffer, contentType: string, url: string): MainText | null {
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mime === 'text/plain') return { title: null, text: decodeBody(body, contentType).trim() };
  if (mime && !mime.includes('html') && !mime.includes('xml')) return null;
  return extractMainText(decodeBody(body, contentType), url);
}

/**
 * Fetches a public web page through the SSRF guard (http/https only, public addresses after DNS
 * and after every redirect, size and time limits) and answers its main text, or null for a page
 * that holds none. Throws SafeFetchError when the page cannot be fetched.
 */
export async function readPage(
  url: string,
  options: { signal?: AbortSignal; maxBytes: number; timeoutMs: number; overrides?: PageFetchOverrides },
): Promise<MainText | null> {
  const page = await safeFetch(url, { ...options.overrides, signal: options.signal, maxBytes: options.maxBytes, timeoutMs: options.timeoutMs });
  return pageText(page.body, page.contentType, page.url);
}
