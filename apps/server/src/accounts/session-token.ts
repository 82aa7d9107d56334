import { createHash, randomBytes } from 'node:crypto';

/** Opaque session tokens: 32 random bytes for the cookie, their SHA-256 in the database. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export const SESSION_COOKIE = 'tm_session';
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
/** A session's expiry slides forward at most this often, to avoid a write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60 * 1000;

export function sessionTtl(remember: boolean): number {
  return remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
}
