import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAuth } from './accounts/auth.js';
import { SessionCache } from './accounts/session-cache.js';
import { localSessionInvalidations, redisSessionInvalidations } from './accounts/session-invalidations.js';
import type { SessionCaching } from './accounts/sessions.js';
import { registerDevOutboxRoutes } from './accounts/dev-outbox-routes.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { createCodeStore } from './accounts/verification/code-store.js';
import { type CodeSenders, createCodeSenders } from './accounts/verification/senders/registry.js';
import { registerOwnerArticleRoutes } from './articles/owner-routes.js';
import { registerVersionRoutes } from './articles/versions-routes.js';
import { KnowledgeRetriever } from './knowledge/retrieve.js';
import { registerRevisionRoutes } from './revisions/revision-routes.js';
import { createLibraryRanker } from './images/ranker.js';
import { registerImageRoutes } from './images/routes.js';
import { registerArticleRoutes } from './articles/routes.js';
import { registerSharedArticleRoutes } from './articles/shared-routes.js';
import { registerNotifyRoutes } from './billing/notify-routes.js';
import { createPaymentProvider, type PaymentSetup } from './billing/payment/registry.js';
import { registerSandboxRoutes } from './billing/payment/sandbox/sandbox-routes.js';
import { grantRegistrationGift } from './billing/registration-gift.js';
import { registerBillingRoutes } from './billing/routes.js';
import type { Config } from './config/env.js';
import { registerExportRoutes } from './exports/routes.js';
import { registerFeedbackRoutes } from './feedback/routes.js';
import { registerGenerationRoutes } from './generation/routes.js';
import { registerRepurposeRoutes } from './repurpose/routes.js';
import { savedImageUrls } from './generation/saved-images.js';
import { createGenerationServices, type GenerationOverrides, type GenerationServices } from './generation/services.js';
import { KB_BUILD_JOB, KB_REEMBED_JOB } from './knowledge/build-ports.js';
import { reembedIndexes } from './knowledge/reembed.js';
import { resubmitInterruptedBuilds, runBuild } from './knowledge/build.js';
import { registerKnowledgeRoutes } from './knowledge/routes.js';
import { resolveAppSecret } from './platform/app-secret.js';
import type { Database } from './platform/db/index.js';
import { createHttpServer } from './platform/http/http-server.js';
import { registerMediaRoutes } from './platform/http/media-routes.js';
import { registerWebApp } from './platform/http/web-app.js';
import { registerObservabilityRoutes } from './platform/observability/routes.js';
import type { ObjectStorage } from './platform/storage/object-storage.js';
import { createStorage } from './platform/storage/storage-registry.js';
import { currentEmbeddings, currentStock, currentStockOrigins } from './providers/live-ports.js';
import { registerThemeRoutes } from './publish/themes/theme-routes.js';
import { registerWechatPublishRoutes, wechatPublishDeps } from './publish/wechat-mp/publish-routes.js';
import { WECHAT_PUBLISH_JOB, runQueuedPublication } from './publish/wechat-mp/schedule.js';
import { startWechatPublishSweeps } from './publish/wechat-mp/sweeps.js';
import { registerWechatMpRoutes } from './publish/wechat-mp/routes.js';
import { registerSeoRoutes } from './seo/routes.js';
import { registerTopicRoutes } from './topic/routes.js';
import { registerAdminRoutes } from './admin/routes.js';
import { createLiveProviders, type LiveProviders } from './providers/live-providers.js';
import { createCredentialShelf } from './wechat/credential-shelf.js';
import { registerWechatRoutes } from './wechat/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider in use (the worker's sweepers share it). */
    payment: PaymentSetup;
    /** The writing engine: event bus, queue and pipeline dependencies. */
    generation: GenerationServices;
    /** Uploaded files and generated images (the sweepers remove expired knowledge-base files). */
    storage: ObjectStorage;
    /** The session cache and its invalidations (decision 067). */
    sessionCaching: SessionCaching;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** Tests replace adapters here; production chooses them from the configuration. */
  overrides?: {
    senders?: CodeSenders;
    storage?: ObjectStorage;
    payment?: PaymentSetup;
    generation?: GenerationOverrides;
    /** Downloads a picked stock picture (tests: a fake source on loopback, which the default refuses). */
    imageDownload?: (url: string) => Promise<Buffer>;
    /** The providers in use (tests: a fixed set); the live console-backed ones by default. */
    providers?: LiveProviders;
  };
}

/**
 * The composition root: chooses every adapter from the configuration and registers every
 * domain's routes on the platform's HTTP server. Listening is the caller's business (main.ts).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, logger } = deps;
  const db = database.db;
  // The providers in use now: the environment's, else the console's, else the defaults (decisions 080, 083).
  const providers = deps.overrides?.providers ?? createLiveProviders({ config, db, appSecret: resolveAppSecret(config), logger });
  const app = await createHttpServer({
    logger,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    storage: config.storage,
    imageOrigins: currentStockOrigins(providers),
    redisUrl: config.redisUrl,
    redisPrefix: deps.overrides?.generation?.redisPrefix ?? config.redisPrefix,
  });

  const storage = deps.overrides?.storage ?? createStorage(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => providers.close());
  const embeddings = currentEmbeddings(providers);
  const senders = deps.overrides?.senders ?? createCodeSenders(config, db, logger);
  const codes = createCodeStore(db, resolveAppSecret(config), senders, logger, { resendIntervalMs: config.codeResendIntervalMs });
  const redisPrefix = deps.overrides?.generation?.redisPrefix ?? config.redisPrefix;
  const sessionCache = new SessionCache();
  const sessionCaching: SessionCaching = {
    cache: sessionCache,
    invalidations: config.redisUrl
      ? redisSessionInvalidations(sessionCache, { url: config.redisUrl, prefix: redisPrefix, logger })
      : localSessionInvalidations(sessionCache, { soleProcess: database.kind === 'pglite' }),
    reads: database.reads,
  };
  app.decorate('sessionCaching', sessionCaching);
  app.addHook('onClose', () => sessionCaching.invalidations.close());
  const auth = createAuth(db, { publicUrl: config.publicUrl, caching: sessionCaching });
  const payment = deps.overrides?.payment ?? createPaymentProvider(config);
  app.decorate('payment', payment);
  // WeChat tokens shared by every process: the database, or Redis when configured (decision 077).
  const wechatCredentials = createCredentialShelf({ database, redisUrl: config.redisUrl, redisPrefix, logger });
  app.addHook('onClose', () => wechatCredentials.close());
  const wechatPublishing = wechatPublishDeps({
    database,
    appSecret: resolveAppSecret(config),
    apiBaseUrl: config.wechatMpApiBase,
    storage,
    publicUrl: config.publicUrl,
    credentials: wechatCredentials.shelf,
  });
  const generation = createGenerationServices(
    config,
    {
      db,
      providers,
      embeddings,
      storage,
      logger,
      databaseKind: database.kind,
      jobs: (bus) => ({
        [KB_BUILD_JOB]: (sessionId, signal) => runBuild({ db, embeddings, logger, bus }, sessionId, signal),
        [KB_REEMBED_JOB]: async (_model, signal) => {
          await reembedIndexes({ db, embeddings, logger: logger.child({ module: 'knowledge' }) }, signal);
        },
        [WECHAT_PUBLISH_JOB]: (publishId) => runQueuedPublication({ ...wechatPublishing, logger: logger.child({ module: 'wechat-mp' }) }, publishId),
      }),
    },
    deps.overrides?.generation,
  );
  app.decorate('generation', generation);
  // The embedded database has one process: a build still 'building' was its predecessor's.
  if (database.kind === 'pglite' && (deps.overrides?.generation?.runWorker ?? true)) {
    void resubmitInterruptedBuilds({ db, queue: generation.queue, logger }).catch((error) =>
      logger.error({ err: error }, 'resubmitting interrupted knowledge-base builds failed; the sweeper will end them'),
    );
  }
  app.addHook('onClose', () => generation.close());
  if (deps.overrides?.generation?.runWorker ?? true) {
    // Knowledge bases built with another embeddings model than the one in use (the environment
    // changed across a restart, or a re-embedding was cut short) get vectors of this one.
    void providers.ready
      .then(() => {
        const model = embeddings()?.model;
        return model ? generation.queue.submit(KB_REEMBED_JOB, model) : undefined;
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'queueing the re-embedding job at start failed'));
    // Scheduled publications and submitted ones' outcomes: where jobs run, as the sweepers (decision 076);
    // added after the queue's hook so that it stops first (Fastify runs onClose hooks last-added first).
    const stopWechatSweeps = startWechatPublishSweeps({ publish: wechatPublishing, queue: generation.queue, logger });
    app.addHook('onClose', () => stopWechatSweeps());
  }
  registerObservabilityRoutes(app, { db, queue: generation.queue, logger, redisUrl: config.redisUrl, metricsToken: config.metricsToken, trustProxy: config.trustProxy });

  registerAccountRoutes(app, { db, auth, codes, storage, logger, onAccountCreated: grantRegistrationGift });
  registerBillingRoutes(app, { db, auth, logger, provider: payment.provider, notifyUrl: payment.notifyUrl });
  await registerNotifyRoutes(app, { db, logger, provider: payment.provider });
  if (payment.sandbox) registerSandboxRoutes(app, { db, auth, provider: payment.sandbox });
  registerGenerationRoutes(app, {
    db,
    auth,
    bus: generation.bus,
    queue: generation.queue,
    costCoins: config.generation.costCoins,
    system: () => ({ writer: providers.llm() ? 'model' : 'offline', webSearch: Boolean(providers.search().provider) }),
  });
  registerRepurposeRoutes(app, { db, auth, queue: generation.queue, costCoins: config.generation.costCoins });
  registerArticleRoutes(app, { db });
  registerSharedArticleRoutes(app, { db, webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  registerOwnerArticleRoutes(app, { db, reads: database.reads, auth, storage, logger, savedImageUrls: (articleId) => savedImageUrls(db, articleId) });
  registerVersionRoutes(app, { db, auth });
  registerRevisionRoutes(app, { db, auth, llm: providers.llm, knowledge: new KnowledgeRetriever({ db, embeddings }) });
  registerImageRoutes(app, {
    db,
    auth,
    storage,
    stock: currentStock(providers),
    secret: resolveAppSecret(config),
    download: deps.overrides?.imageDownload,
    library: createLibraryRanker({ db, embeddings, logger }),
    images: generation.pipeline.images,
  });
  registerExportRoutes(app, { db, auth, storage, publicUrl: config.publicUrl });
  registerThemeRoutes(app, { db, auth, publicUrl: config.publicUrl, storage: config.storage });
  registerFeedbackRoutes(app, { db, auth });
  registerSeoRoutes(app, { auth, llm: providers.llm });
  registerTopicRoutes(app, { auth, writer: () => (providers.llm() ? 'model' : 'offline') });
  registerKnowledgeRoutes(app, { db, auth, storage, queue: generation.queue, bus: generation.bus, logger });
  registerWechatRoutes(app, { config, credentials: wechatCredentials.shelf, logger });
  const wechatMp = { database, auth, appSecret: resolveAppSecret(config), apiBaseUrl: config.wechatMpApiBase, credentials: wechatCredentials.shelf, logger };
  registerWechatMpRoutes(app, wechatMp);
  registerWechatPublishRoutes(app, { ...wechatMp, storage, publicUrl: config.publicUrl });
  registerAdminRoutes(app, { db, auth, caching: sessionCaching, queue: generation.queue, bus: generation.bus, providers: { config, live: providers } });
  registerMediaRoutes(app, storage);
  if (!config.isProduction) registerDevOutboxRoutes(app, { db });

  await registerWebApp(app, config.webDistDir);
  return app;
}
