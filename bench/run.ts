/**
 * `npm run bench`: starts the server in-process on the embedded defaults (PGlite in a temp
 * directory, built web app if present) and measures the public read paths with autocannon over
 * loopback. Writes bench/reports/latest.json and prints a markdown table for docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SHOWCASE_CASES } from '@tianma/shared';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { seedShowcaseArticles } from '../apps/server/src/articles/seed-showcase.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { buildApp } from '../apps/server/src/app.js';
import { createLogger } from '../apps/server/src/platform/logger.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const scenarios: { name: string; path: string; session?: boolean }[] = [
  { name: 'GET /healthz', path: '/healthz' },
  { name: 'GET case article (database read)', path: `/deepspaceasset/deepspace/articles/article/${SHOWCASE_CASES[0].articleId}` },
  { name: 'GET /pricing (SPA HTML)', path: '/pricing' },
  { name: 'GET /api/account/user/me (session lookup)', path: '/api/account/user/me', session: true },
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_SANDBOX_PAYMENT: 'true',
    ALLOW_OFFLINE_COMPOSER: 'true',
    APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await migrateDatabase(database);
  await seedShowcaseArticles(database.db);
  const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await database.db.insert(users).values({ deepspaceId: 900_000_000 + Math.floor(Math.random() * 99_999_999), username: `bench_${Date.now()}`, passwordHash: 'x' }).returning();
  const { token } = await createSession(database.db, { userId: user!.id, remember: false });

  const results = [];
  for (const scenario of scenarios) {
    const run = await autocannon({
      url: `${address}${scenario.path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: scenario.session ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
    results.push({
      scenario: scenario.name,
      requestsPerSec: Math.round(run.requests.average),
      p50ms: run.latency.p50,
      p99ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
    });
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: database.kind,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    results,
  };
  const reportsDir = path.resolve(import.meta.dirname, 'reports');
  fs.mkdirSync(reportsDir, { recursive: true });
  fs.writeFileSync(path.join(reportsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n| scenario | req/s | p50 ms | p99 ms | non-2xx | errors |\n|---|---|---|---|---|---|`);
  for (const r of results) console.log(`| ${r.scenario} | ${r.requestsPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx} | ${r.errors} |`);
  console.log(`\n${report.database}, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}, ${report.cpus} CPUs`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
