import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createAuth } from '../../accounts/auth.js';
import { registerDevOutboxRoutes } from '../../accounts/dev-outbox-routes.js';
import { registerAccountRoutes } from '../../accounts/routes.js';
import { createCodeStore } from '../../accounts/verification/code-store.js';
import { type CodeSenders, createCodeSenders } from '../../accounts/verification/senders/registry.js';
import { registerOwnerArticleRoutes } from '../../articles/owner-routes.js';
import { registerArticleRoutes } from '../../articles/routes.js';
import { registerSharedArticleRoutes } from '../../articles/shared-routes.js';
import { registerNotifyRoutes } from '../../billing/notify-routes.js';
import { createPaymentProvider, type PaymentSetup } from '../../billing/payment/registry.js';
import { registerSandboxRoutes } from '../../billing/payment/sandbox/sandbox-routes.js';
import { registerBillingRoutes } from '../../billing/routes.js';
import type { Config } from '../../config/env.js';
import { registerExportRoutes } from '../../exports/routes.js';
import { registerFeedbackRoutes } from '../../feedback/routes.js';
import { registerGenerationRoutes } from '../../generation/routes.js';
import { runBuild } from '../../knowledge/build.js';
import { KB_BUILD_JOB } from '../../knowledge/build-ports.js';
import { registerKnowledgeRoutes } from '../../knowledge/routes.js';
import { createEmbeddings } from '../../providers/embeddings/registry.js';
import { createGenerationServices, type GenerationOverrides, type GenerationServices } from '../../generation/services.js';
import { registerSeoRoutes } from '../../seo/routes.js';
import { registerWechatRoutes } from '../../wechat/routes.js';
import { resolveAppSecret } from '../app-secret.js';
import type { Database } from '../db/index.js';
import { AppError } from '../errors.js';
import { requestIdFor } from '../logger.js';
import { registerObservabilityRoutes } from '../observability/routes.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { createStorage } from '../storage/storage-registry.js';
import { registerErrorHandler, sendAppError, toAppError } from './error-handler.js';
import { registerMediaRoutes } from './media-routes.js';
import { registerNulGuard, registerOriginCheck } from './security.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerTextGuard } from './text-guard.js';
import { registerWebApp } from './web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider in use (the worker's sweepers share it). */
    payment: PaymentSetup;
    /** The writing engine: event bus, queue and pipeline dependencies. */
    generation: GenerationServices;
    /** Uploaded files and generated images (the sweepers remove expired knowledge-base files). */
    storage: ObjectStorage;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Tests replace adapters here; production chooses them from the configuration. */
  overrides?: { senders?: CodeSenders; storage?: ObjectStorage; payment?: PaymentSetup; generation?: GenerationOverrides };
}

/** Builds the HTTP app with every domain's routes. Listening is the caller's business. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, logger } = deps;
  const db = database.db;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (a path parameter over 100 characters, a URL that does not decode)
    // answer like every other error: the call's shape and a Chinese message, never the URL echoed back.
    frameworkErrors: (error, request, reply) => {
      sendAppError(request, reply, toAppError(error));
    },
  }) as unknown as FastifyInstance;

  registerErrorHandler(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, storage: config.storage });
  registerOriginCheck(app, config.publicUrl);
  registerNulGuard(app);
  registerTextGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  // With Redis, per-IP limits count across every api process; without it, per process.
  const rateLimitRedis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, connectionName: 'tianma-rate-limit' }) : null;
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
          nameSpace: `${deps.overrides?.generation?.redisPrefix ?? config.redisPrefix}:rate-limit:`,
          // A Redis outage must not take sign-in down; account lockouts live in the database anyway.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', '请求过于频繁，请稍后再试', { retryAfter: Math.ceil(context.ttl / 1000) }),
  });

  const storage = deps.overrides?.storage ?? createStorage(config);
  app.decorate('storage', storage);
  const embeddings = createEmbeddings(config);
  const senders = deps.overrides?.senders ?? createCodeSenders(config, db, logger);
  const codes = createCodeStore(db, resolveAppSecret(config), senders, logger, { resendIntervalMs: config.codeResendIntervalMs });
  const auth = createAuth(db, { publicUrl: config.publicUrl });
  const payment = deps.overrides?.payment ?? createPaymentProvider(config);
  app.decorate('payment', payment);
  const generation = createGenerationServices(
    config,
    {
      db,
      storage,
      logger,
      databaseKind: database.kind,
      jobs: (bus) => ({ [KB_BUILD_JOB]: (sessionId, signal) => runBuild({ db, embeddings, logger, bus }, sessionId, signal) }),
    },
    deps.overrides?.generation,
  );
  app.decorate('generation', generation);
  app.addHook('onClose', () => generation.close());
  registerObservabilityRoutes(app, { db, queue: generation.queue, logger, redisUrl: config.redisUrl, metricsToken: config.metricsToken, trustProxy: config.trustProxy });

  app.get('/healthz', async () => ({ ok: true }));
  registerAccountRoutes(app, { db, auth, codes, storage, logger });
  registerBillingRoutes(app, { db, auth, logger, provider: payment.provider, notifyUrl: payment.notifyUrl });
  await registerNotifyRoutes(app, { db, logger, provider: payment.provider });
  if (payment.sandbox) registerSandboxRoutes(app, { db, auth, provider: payment.sandbox });
  registerGenerationRoutes(app, {
    db,
    auth,
    bus: generation.bus,
    queue: generation.queue,
    costCoins: config.generation.costCoins,
    system: { writer: config.llm ? 'model' : 'offline', webSearch: Boolean(config.search.provider) },
  });
  registerArticleRoutes(app, { db });
  registerSharedArticleRoutes(app, { db, webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  registerOwnerArticleRoutes(app, { db, auth, storage, logger });
  registerExportRoutes(app, { db, auth, storage, publicUrl: config.publicUrl });
  registerFeedbackRoutes(app, { db, auth });
  registerSeoRoutes(app, { auth, llm: config.llm });
  registerKnowledgeRoutes(app, { db, auth, storage, queue: generation.queue, bus: generation.bus, logger });
  registerWechatRoutes(app, { config, database, logger });
  registerMediaRoutes(app, storage);
  if (!config.isProduction) registerDevOutboxRoutes(app, { db });

  await registerWebApp(app, config.webDistDir);
  return app;
}
