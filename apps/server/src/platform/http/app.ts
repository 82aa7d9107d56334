import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { registerArticleRoutes } from '../../articles/routes.js';
import type { Config } from '../../config/env.js';
import type { Database } from '../db/index.js';
import { requestIdFor } from '../logger.js';
import { registerErrorHandler } from './error-handler.js';
import { registerOriginCheck, registerSecurityHeaders } from './security.js';
import { registerWebApp } from './web-app.js';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

/** Builds the HTTP app with every domain's routes. Listening is the caller's business. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }) as unknown as FastifyInstance;

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerOriginCheck(app, config.publicUrl);
  await app.register(fastifyCookie);

  app.get('/healthz', async () => ({ ok: true }));
  registerArticleRoutes(app, { db: database.db });

  await registerWebApp(app, config.webDistDir);
  return app;
}
