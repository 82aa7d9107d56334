import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { StorageConfig } from '../../config/config-types.js';
import { AppError } from '../errors.js';
import { requestIdFor } from '../logger.js';
import { registerErrorHandler, sendAppError, toAppError } from './error-handler.js';
import { registerNulGuard, registerOriginCheck } from './security.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerTextGuard } from './text-guard.js';

export interface HttpServerOptions {
  logger: Logger;
  trustProxy: boolean;
  publicUrl: string;
  /** Where stored pictures may come from (the CSP's img-src). */
  storage: StorageConfig;
  /** Extra image hosts for the CSP now (security-headers.ts). */
  imageOrigins?: () => readonly string[];
  /** With Redis, per-IP rate limits count across every api process; without it, per process. */
  redisUrl?: string;
  redisPrefix: string;
}

/**
 * The HTTP ground every domain's routes stand on: one error shape, the security headers, the
 * origin check, refusal of text no handler could store, cookies, uploads and rate limits. The
 * routes themselves are registered by the composition root (src/app.ts).
 */
export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { logger } = options;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdFor,
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (a path parameter over 100 characters, a URL that does not decode)
    // answer like every other error: the call's shape and a Chinese message, never the URL echoed back.
    frameworkErrors: (error, request, reply) => {
      sendAppError(request, reply, toAppError(error));
    },
  }) as unknown as FastifyInstance;

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, storage: options.storage, imageOrigins: options.imageOrigins });
  registerOriginCheck(app, options.publicUrl);
  registerNulGuard(app);
  registerTextGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  const { redisUrl } = options;
  const rateLimitRedis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, connectionName: 'tianma-rate-limit' }) : null;
  if (rateLimitRedis) {
    rateLimitRedis.on('error', (error) => logger.warn({ err: error }, 'rate-limit Redis connection error'));
    app.addHook('onClose', async () => {
      await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? {
          redis: rateLimitRedis,
          nameSpace: `${options.redisPrefix}:rate-limit:`,
          // A Redis outage must not take sign-in down; account lockouts live in the database anyway.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', '请求过于频繁，请稍后再试', { retryAfter: Math.ceil(context.ttl / 1000) }),
  });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
