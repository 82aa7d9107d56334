import { createHash, randomInt } from 'node:crypto';

/*
 * The JS-SDK share signature (WECHATPAY.md "JS-SDK share signature"): pure functions, no I/O.
 */

export interface JsapiSignatureInput {
  ticket: string;
  nonceStr: string;
  /** Unix seconds. */
  timestamp: number | string;
  /** The page URL exactly as the browser has it, without `#…`. */
  url: string;
}

/** sha1 hex of `jsapi_ticket=T&noncestr=N&timestamp=TS&url=URL`: keys in this order, raw values. */
export function jsapiSignature(input: JsapiSignatureInput): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** Everything from the first `#` on is dropped; the rest is kept byte for byte (no re-encoding). */
export function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonceStr of letters and digits (WeChat allows up to 32 characters). */
export function randomNonceStr(length = 16): string {
  let nonce = '';
  for (let i = 0; i < length; i += 1) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

export type ShareUrlCheck = { ok: true; url: string } | { ok: false; reason: 'missing' | 'invalid' | 'foreign' };

export const SHARE_URL_MAX_LENGTH = 2000;

/**
 * A page URL we may sign: http(s), at most 2000 characters, no credentials, no whitespace or
 * control characters (the browser's location.href has none, so such a URL could never match),
 * and the host (with port) of our public URL. Returns the URL to sign: the given text minus `#…`.
 */
export function checkShareUrl(raw: unknown, publicUrl: string): ShareUrlCheck {
  if (raw === undefined || raw === '') return { ok: false, reason: 'missing' };
  if (typeof raw !== 'string' || raw.length > SHARE_URL_MAX_LENGTH || /[\s\p{Cc}]/u.test(raw) || !URL.canParse(raw)) return { ok: false, reason: 'invalid' };
  const parsed = new URL(raw);
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.host !== new URL(publicUrl).host) return { ok: false, reason: 'foreign' };
  return { ok: true, url: withoutFragment(raw) };
}
