/**
 * `npm run bench:hot-reads`: what one hot read costs the server, without the network and without
 * queueing: /me and my articles (1,000 of them, pages 1 and 50) through app.inject, one request at
 * a time, HOT_REQUESTS each (default 1000) after 200 of warm-up. Reports the time per request
 * (p50/p99) and the process's CPU time per request (user + system, process.cpuUsage), which is what
 * bounds the rate one process can serve. HOT_DATABASE=pglite (default) or postgresql
 * (HOT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tianma_hot, dropped and created).
 * Report: bench/reports/hot-reads-<database>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { buildApp } from '../apps/server/src/app.js';
import { articles } from '../apps/server/src/articles/tables.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { percentile } from './support.js';

const DATABASE = process.env.HOT_DATABASE === 'postgresql' ? 'postgresql' : 'pglite';
const DATABASE_URL = process.env.HOT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tianma_hot';
const REQUESTS = Number(process.env.HOT_REQUESTS ?? 1000);

async function recreateDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}

async function main() {
  if (DATABASE === 'postgresql') await recreateDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-hot-'));
  const database = await openDatabase({ databaseUrl: DATABASE === 'postgresql' ? DATABASE_URL : undefined, dataDir, readCache: true });
  await migrateDatabase(database);
  await database.readsReady?.();
  const { db } = database;
  const [owner] = await db.insert(users).values({ deepspaceId: 810_000_000, username: 'hot_0', passwordHash: 'x', level: 1 }).returning();
  const content = `## 小节\n\n${'很多人一开始就把目标定得太高，结果坚持不到一周就放弃了。'.repeat(60)}`;
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    articleId: `hot${String(i).padStart(6, '0')}`,
    userId: owner!.id,
    title: `文章 ${i}`,
    summary: '把计划变成习惯',
    content,
    isPublic: true,
    wordCount: 1800,
    createdAt: new Date(Date.now() - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 250) await db.insert(articles).values(rows.slice(i, i + 250));
  const { token } = await createSession(db, { userId: owner!.id, remember: false });
  const cookie = `${SESSION_COOKIE}=${token}`;

  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'bench-secret-0123456789abcdef0123456789', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ALLOW_DEV_OUTBOX: 'true', ALLOW_SANDBOX_PAYMENT: 'true', ALLOW_OFFLINE_COMPOSER: 'true' });
  const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
  await app.ready();
  const scenarios = [
    { name: 'GET /api/account/user/me', url: '/api/account/user/me' },
    { name: 'GET my articles, page 1 (size 8)', url: `/api/v1/articles/user/${owner!.deepspaceId}/page?page=1&size=8` },
    { name: 'GET my articles, page 50 (size 8)', url: `/api/v1/articles/user/${owner!.deepspaceId}/page?page=50&size=8` },
  ];
  const results: Record<string, unknown>[] = [];
  const loadavgBefore = os.loadavg();
  for (const scenario of scenarios) {
    const request = async () => {
      const res = await app.inject({ method: 'GET', url: scenario.url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${scenario.url}: ${res.statusCode} ${res.body}`);
    };
    for (let i = 0; i < 200; i += 1) await request();
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    for (let i = 0; i < REQUESTS; i += 1) {
      const t0 = performance.now();
      await request();
      times.push(performance.now() - t0);
    }
    const wallMs = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    const round = (n: number) => Math.round(n * 100) / 100;
    results.push({
      scenario: scenario.name,
      requests: REQUESTS,
      p50ms: round(percentile(times, 50)),
      p99ms: round(percentile(times, 99)),
      cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / REQUESTS),
      wallMsPerRequest: round(wallMs / REQUESTS),
    });
  }
  const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, database: DATABASE, loadavgBefore, loadavgAfter: os.loadavg(), results };
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const reportPath = path.resolve(import.meta.dirname, 'reports', `hot-reads-${DATABASE}.json`);
  fs.mkdirSync(path.dirname(reportPath), { recursive: true });
  fs.writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
