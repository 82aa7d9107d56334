import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '../../src/config/env.js';
import { type AppDeps, buildApp } from '../../src/app.js';
import { createLogger } from '../../src/platform/logger.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every log line the app wrote, as JSON text (tests assert no secret reaches it). */
  logs: string[];
  dataDir: string;
  logger: Logger;
  close(): Promise<void>;
}

/** A fake built web app, so that tests of SPA serving do not depend on `vite build`. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="zh-CN"><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  // As the build leaves it (apps/web/vite.config.ts precompress): compressed copies beside the asset.
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log("app")'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log("app")'));
  return dir;
}

export async function createTestApp(env: Record<string, string> = {}, overrides?: AppDeps['overrides']): Promise<TestApp> {
  const webDistDir = fakeWebDist();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    APP_SECRET: 'test-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'info',
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const database = await createTestDatabase();
  const logger = createLogger(config, sink);
  const app = await buildApp({ config, database, logger, overrides });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    dataDir,
    logger,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(webDistDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
