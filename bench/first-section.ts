/**
 * `npm run bench:first-section`: how soon the creation page can show the article (issue 19,
 * point 1). A 6-section article is written against the fake LLM at BENCH_LLM_LATENCY_MS (1000 ms)
 * per call; the bench reads the task's SSE stream as the page does and records when the first
 * section text arrives (`details.section`, partial or finished), when the first finished section
 * arrives, and when the final event arrives, each from the POST. Goal: the first section visible
 * within 40 % of the time to completion. Runs BENCH_RUNS (5) tasks one after another; writes
 * bench/reports/first-section.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { buildApp } from '../apps/server/src/app.js';
import { adjustBalance } from '../apps/server/src/billing/adjust-balance.js';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { benchConfig, percentile, startLlmFakeProcess } from './support.js';

const LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_SHARE = 0.4;
/** 2000 characters: the fake's outline has six sections (the opening alone, then four writers, then the last). */
const REQUEST = { topic: '如何把计划变成习惯', settings: { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 2000, platform: 'wechat' } };

interface Timing {
  sections: number;
  firstSectionMs: number;
  firstFinishedMs: number;
  completedMs: number;
}

async function runOnce(base: string, cookie: string, deepspaceId: number): Promise<Timing> {
  const postedAt = performance.now();
  const res = await fetch(`${base}/api/v1/articles/generate`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...REQUEST, advanced_mode: false, deepspaceId }),
  });
  const { task_id: taskId } = (await res.json()) as { task_id: string };
  const stream = await fetch(`${base}/api/v1/articles/generate/stream/${taskId}`, { headers: { cookie, 'Last-Event-ID': '0' } });
  const timing: Partial<Timing> = {};
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of stream.body!) {
    const at = performance.now() - postedAt;
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop()!;
    for (const frame of frames) {
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!data) continue;
      const event = JSON.parse(data) as { currentStep?: string; details?: { section?: { total: number; done: boolean }; error?: string } };
      if (event.currentStep === 'error') throw new Error(`task failed: ${event.details?.error}`);
      const section = event.details?.section;
      if (section) {
        timing.sections = section.total;
        timing.firstSectionMs ??= at;
        if (section.done) timing.firstFinishedMs ??= at;
      }
      if (event.currentStep === 'completed') timing.completedMs = at;
    }
  }
  if (timing.completedMs === undefined || timing.firstSectionMs === undefined) throw new Error(`task ${taskId}: no section or no final event`);
  return timing as Timing;
}

async function main() {
  const fake = await startLlmFakeProcess(LATENCY_MS);
  const { config } = benchConfig('first-section', { DATABASE_URL: '', LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-bench', LLM_MODEL: 'bench-model' });
  const database = await openDatabase({ dataDir: '', pglite: await PGlite.create() });
  await migrateDatabase(database);
  const { db } = database;
  const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const deepspaceId = 900_000_000 + randomInt(99_999_999);
  const username = `bench_first_${Date.now() % 1e8}`;
  const [user] = await db.insert(users).values({ deepspaceId, username, passwordHash: 'x' }).returning();
  await adjustBalance(db, { user: username, delta: 1000, reason: 'bench' });
  const { token } = await createSession(db, { userId: user!.id, remember: false });
  const cookie = `${SESSION_COOKIE}=${token}`;

  await runOnce(base, cookie, deepspaceId); // warm-up: fonts, JIT, connections
  const runs: Timing[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await runOnce(base, cookie, deepspaceId));
  await app.close();
  fake.child.stdin!.end();

  const shares = runs.map((run) => run.firstSectionMs / run.completedMs);
  const report = {
    node: process.version,
    cpus: os.cpus().length,
    load: os.loadavg().map((value) => Math.round(value * 100) / 100),
    llmLatencyMs: LATENCY_MS,
    sections: runs[0]!.sections,
    runs,
    firstSectionShare: { p50: percentile(shares, 50), max: Math.max(...shares) },
    met: Math.max(...shares) <= TARGET_SHARE,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'reports'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'reports', 'first-section.json'), `${JSON.stringify(report, null, 2)}\n`);
  const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
  console.log(`\n${report.sections} sections, fake LLM ${LATENCY_MS} ms per call, ${RUNS} runs, ${report.cpus} CPUs, load ${report.load.join(' / ')}\n`);
  console.log('| run | first section text | first finished section | completed | first text ÷ completed |');
  console.log('|---|---|---|---|---|');
  for (const [i, run] of runs.entries()) {
    console.log(`| ${i + 1} | ${ms(run.firstSectionMs)} | ${ms(run.firstFinishedMs)} | ${ms(run.completedMs)} | ${Math.round((run.firstSectionMs / run.completedMs) * 100)} % |`);
  }
  console.log(`\nfirst section visible at ≤ ${Math.round(report.firstSectionShare.max * 100)} % of the time to completion (target ≤ ${TARGET_SHARE * 100} %): ${report.met ? 'met' : 'NOT met'}`);
  if (!report.met) process.exitCode = 1;
}

await main();
