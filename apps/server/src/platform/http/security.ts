import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls from a browser are refused when the Origin header names another site
 * (API.md). The site's own origin is the public URL, or the host the request was sent to.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const requestOrigin = `${request.protocol}://${request.host}`;
    if (origin === publicOrigin || origin === requestOrigin) return;
    throw new AppError('FORBIDDEN', '请求来源不被允许', { internal: `cross-site ${request.method} from ${origin}` });
  });
}

/** True when any string in a parsed body, query or params (keys included) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a query with one fails with 22021, which would surface
 * as a 500. No field of ours has a use for it, so any request carrying one is refused up front.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      throw new AppError('BAD_REQUEST', '请求内容包含无效字符');
    }
  });
}
