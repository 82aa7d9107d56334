import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';
import type { Db } from '../db/index.js';
import { registerObservabilityRoutes } from './routes.js';
import type { QueueProbe } from './queue-probe.js';

/**
 * A worker process serves no API, but its model calls, tokens and failures are counted in its own
 * memory: this small listener (WORKER_METRICS_PORT) exposes /healthz, /readyz and /metrics so
 * Prometheus can scrape each worker.
 */
export async function startWorkerMonitor(deps: { config: Config; db: Db; queue: QueueProbe; logger: Logger }): Promise<FastifyInstance | null> {
  const { config } = deps;
  if (!config.workerMetricsPort) return null;
  const monitor = Fastify({ loggerInstance: deps.logger, trustProxy: config.trustProxy }) as unknown as FastifyInstance;
  monitor.get('/healthz', async () => ({ ok: true }));
  registerObservabilityRoutes(monitor, {
    db: deps.db,
    queue: deps.queue,
    logger: deps.logger,
    redisUrl: config.redisUrl,
    metricsToken: config.metricsToken,
    trustProxy: config.trustProxy,
  });
  await monitor.listen({ port: config.workerMetricsPort, host: config.host });
  return monitor;
}
