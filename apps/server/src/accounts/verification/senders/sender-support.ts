/** What the vendor adapters share: endpoint parsing, a hard deadline and log-safe messages. */

/**
 * `dysmsapi.aliyuncs.com` → https on that host; `http://127.0.0.1:8080` → that scheme and
 * host:port (tests point adapters at local fakes this way). Anything else is refused.
 */
export function parseVendorEndpoint(vendor: string, endpoint: string): { secure: boolean; host: string } {
  const trimmed = endpoint.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    if (trimmed === '' || /[/?#@\s]/.test(trimmed)) throw new Error(`${vendor}: invalid endpoint host "${trimmed}"`);
    return { secure: true, host: trimmed };
  }
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${vendor}: endpoint must be http or https, not ${url.protocol}`);
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search) {
    throw new Error(`${vendor}: endpoint URL must be scheme://host[:port] only`);
  }
  return { secure: url.protocol === 'https:', host: url.host };
}

export class DeadlineError extends Error {}

/** Rejects after `ms` even if an SDK's own timers do not fire; the late outcome is ignored. */
export async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Removes user:pass from URLs, every known secret and (optionally) URL query strings — SDKs put
 * whole requests, code included, into their error texts — from a message meant for logs.
 */
export function scrub(text: string, secrets: string[], options: { stripQuery?: boolean } = {}): string {
  let out = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1');
  if (options.stripQuery) out = out.replace(/(:\/\/[^\s?#]*)[?#]\S*/g, '$1');
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join('***');
  }
  return out.length > 500 ? `${out.slice(0, 500)}…` : out;
}
