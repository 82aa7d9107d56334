import { seedShowcaseArticles } from './articles/seed-showcase.js';
import { startSweepers } from './sweepers.js';
import { type Config, ConfigError, loadConfig } from './config/env.js';
import { parseRole } from './config/role.js';
import { migrateDatabase, openDatabase } from './platform/db/index.js';
import { buildApp } from './app.js';
import { startWorkerMonitor } from './platform/observability/worker-monitor.js';
import { createLogger } from './platform/logger.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const role = parseRole(process.argv.slice(2));
  if (role !== 'all' && !config.databaseUrl) {
    // Each process would open an embedded database of its own: the api's tasks would never reach a worker.
    process.stderr.write(`配置无效：--role=${role} 需要 DATABASE_URL（api 与 worker 进程必须共用同一个 PostgreSQL）\n`);
    process.exit(78);
  }
  const logger = createLogger(config);
  // Processes that serve requests keep the hot reads in memory (decision 070); a worker does not.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, readCache: role !== 'worker' });
  logger.info({ database: database.kind }, 'database opened');
  await migrateDatabase(database);
  await seedShowcaseArticles(database.db);

  const app = await buildApp({ config, database, logger, overrides: { generation: { runWorker: role !== 'api' } } });
  const stopSweepers =
    role === 'api'
      ? async () => undefined
      : startSweepers({
          db: database.db,
          provider: app.payment.provider,
          bus: app.generation.bus,
          storage: app.storage,
          logger,
          staleAfterMs: config.generation.staleAfterMs,
        });

  let monitor: Awaited<ReturnType<typeof startWorkerMonitor>> = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await monitor?.close();
      await stopSweepers();
      // Drains HTTP and hands running tasks back to the queue, both of which still write to the
      // database; only then does the database close (an onClose hook added here would run first:
      // Fastify runs them last-added first).
      // NOTE: Fastify closes the keep-alive connections that are idle when close() starts; one whose
      // response was still being written becomes idle a moment later and would hold the close for
      // the whole keep-alive timeout (72 s), so idle connections are closed until the server is.
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(idleSweep));
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (role === 'worker') {
    await app.ready();
    monitor = await startWorkerMonitor({ config, db: database.db, queue: app.generation.queue, logger });
    logger.info({ role, workerId: app.generation.queue.workerId, metricsPort: config.workerMetricsPort }, '天马工作进程已启动');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: config.publicUrl, role }, '天马已启动');
}

main().catch((error) => {
  process.stderr.write(`启动失败: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
