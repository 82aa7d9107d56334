/**
 * `npm run bench:load`: load over loopback on PostgreSQL (LOAD_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/tianma_load, dropped and created at start) and Redis
 * (LOAD_REDIS_URL, for the multi-process part). Each part writes bench/reports/load.json as it ends,
 * so a partial run still reports. LOAD_DATABASE=pglite runs part 1 alone on the embedded database
 * (a fresh data directory; report bench/reports/load-pglite.json); its process of its own is then
 * `--role=all`, the embedded mode's one process. On PostgreSQL part 1's servers use Redis too (the
 * session cache needs it there; LOAD_HTTP_REDIS=0 leaves it out).
 *   1. HTTP: the server in this process; autocannon at a fixed 200 req/s on /me, my articles
 *      (1,000 of them, pages 1 and 50) and the shared page; password sign-in apart, under its limit.
 *   2. SSE fan-out: a server process (--role=all) and 1,000 streams of one running task; its RSS.
 *   3. 200 generations with the fake LLM: an api process and 2 worker processes; their RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/accounts/password-hashing.js';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { adjustBalance } from '../apps/server/src/billing/adjust-balance.js';
import { loadConfig } from '../apps/server/src/config/env.js';
import { generationTasks } from '../apps/server/src/generation/tables.js';
import { type Db, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { articles } from '../apps/server/src/articles/tables.js';
import { buildApp } from '../apps/server/src/app.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { percentile } from './support.js';


const EMBEDDED = process.env.LOAD_DATABASE === 'pglite';
const DATABASE_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tianma_load';
const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HTTP_REDIS = process.env.LOAD_HTTP_REDIS !== '0';
const RATE = Number(process.env.LOAD_RATE ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION ?? 10);
const SSE_CLIENTS = Number(process.env.LOAD_SSE_CLIENTS ?? 1000);
const GENERATIONS = Number(process.env.LOAD_GENERATIONS ?? 200);
const SERVER = path.resolve(import.meta.dirname, '../apps/server/src/main.ts');
const MB = 2 ** 20;
const PASSWORD = 'Bench-load-2026!';
const STANDARD = { topic: '如何把计划变成习惯', settings: { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 2000, platform: 'wechat' } };
const reportPath = path.resolve(import.meta.dirname, 'reports', EMBEDDED ? 'load-pglite.json' : 'load.json');
const report: Record<string, unknown> = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavgBefore: os.loadavg(), database: EMBEDDED ? 'pglite' : 'postgresql' };

function save() {
  fs.mkdirSync(path.dirname(reportPath), { recursive: true });
  fs.writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_DEV_OUTBOX: 'true',
    ALLOW_SANDBOX_PAYMENT: 'true',
    ALLOW_OFFLINE_COMPOSER: 'true',
    APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
    DATA_DIR: dataDir,
    DATABASE_URL: EMBEDDED ? undefined : DATABASE_URL,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
}

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

/** Resident set size of a process (MB), from /proc; NaN elsewhere. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  } catch {
    return Number.NaN;
  }
}

/** Samples the RSS of each pid every 100 ms; stop() returns the peaks. */
function sampleRss(pids: Record<string, number>) {
  const peaks: Record<string, number> = Object.fromEntries(Object.keys(pids).map((k) => [k, 0]));
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peaks[name] = Math.max(peaks[name]!, rssMb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return peaks;
  };
}

function startFake(latencyMs: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'llm-fake.ts')], {
    env: { ...process.env, BENCH_LLM_LATENCY_MS: String(latencyMs) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake LLM exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, child }));
  });
}

/** Spawns apps/server/src/main.ts; resolves once `ready` matches its output (or /healthz answers, with port). */
async function startServer(role: string, env: NodeJS.ProcessEnv, port?: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, `--role=${role}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${role} exited (${child.exitCode}):\n${output}`);
    if (port === undefined && output.includes('工作进程已启动')) return child;
    if (port !== undefined) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) return child;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${role} not ready after 60 s:\n${output}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function createUser(db: Db, n: number, coins: number) {
  const [user] = await db
    .insert(users)
    .values({ deepspaceId: 800_000_000 + n, username: `load_${n}`, passwordHash: n === 0 ? await hashPassword(PASSWORD) : 'x', level: 1 })
    .returning();
  if (coins > 0) await adjustBalance(db, { user: user!.username, delta: coins, reason: 'bench' });
  const { token } = await createSession(db, { userId: user!.id, remember: false });
  return { id: user!.id, username: user!.username, deepspaceId: user!.deepspaceId, cookie: `${SESSION_COOKIE}=${token}` };
}

function summarise(run: autocannon.Result) {
  return {
    requests: run.requests.total,
    requestsPerSec: Math.round(run.requests.average),
    p50ms: run.latency.p50,
    p99ms: run.latency.p99,
    maxMs: run.latency.max,
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
  };
}

/** Part 1's data: one user with 1,000 articles. */
async function seedOwner(db: Db) {
  const owner = await createUser(db, 0, 0);
  const content = `## 小节\n\n${'很多人一开始就把目标定得太高，结果坚持不到一周就放弃了。'.repeat(60)}`;
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    articleId: `load${String(i).padStart(6, '0')}`,
    userId: owner.id,
    title: `文章 ${i}`,
    summary: '把计划变成习惯',
    content,
    isPublic: true,
    wordCount: 1800,
    createdAt: new Date(Date.now() - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 250) await db.insert(articles).values(rows.slice(i, i + 250));
  return owner;
}

/**
 * Part 1: the HTTP paths at a fixed rate against `base`: the server in this process (sharing its
 * CPU with autocannon) or in a process of its own (`pid`, its RSS sampled).
 */
/**
 * In-process only: how long the server itself took per request (Fastify's reply.elapsedTime, from
 * the request's arrival to the response's end) and the event loop's delay, beside what autocannon
 * saw, so that the server's work can be told apart from the waiting for a core.
 */
function serverProbe(app: Awaited<ReturnType<typeof buildApp>>) {
  let times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  return {
    reset() {
      times = [];
      loop.reset();
      loop.enable();
    },
    read() {
      loop.disable();
      const result = {
        serverP50ms: Math.round(percentile(times, 50) * 10) / 10,
        serverP99ms: Math.round(percentile(times, 99) * 10) / 10,
        eventLoopDelayP99ms: Math.round(loop.percentile(99) / 1e5) / 10,
      };
      return result;
    },
  };
}

async function httpPart(owner: Awaited<ReturnType<typeof seedOwner>>, base: string, key: string, pid?: number, probe?: ReturnType<typeof serverProbe>) {
  // One real sign-in: its cookie is the one the reads use.
  const signIn = await fetch(`${base}/api/account/user/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: owner.username, password: PASSWORD }) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const stopSampling = pid === undefined ? () => ({}) : sampleRss({ server: pid });

  const scenarios = [
    { name: 'GET /api/account/user/me', path: '/api/account/user/me' },
    { name: 'GET my articles, page 1 of 125 (size 8)', path: `/api/v1/articles/user/${owner.deepspaceId}/page?page=1&size=8` },
    { name: 'GET my articles, page 50 of 125 (size 8)', path: `/api/v1/articles/user/${owner.deepspaceId}/page?page=50&size=8` },
    { name: 'GET /shared/article/{id} (HTML with share tags)', path: '/shared/article/load000001' },
    { name: 'GET /api/v1/shared/article/{id} (its data)', path: '/api/v1/shared/article/load000001' },
  ];
  const results: Record<string, unknown>[] = [];
  const part: Record<string, unknown> = { rate: RATE, durationSeconds: DURATION_S, articles: 1000, results };
  report[key] = part;
  // Warm-up (JIT, connection pool), not recorded.
  await autocannon({ url: `${base}${scenarios[0]!.path}`, connections: 10, duration: 2, headers: { cookie } });
  for (const scenario of scenarios) {
    probe?.reset();
    // autocannon's p50/p99 under a fixed rate are "corrected for coordinated omission" with an
    // expected interval of ceil(1 / rate) = 1 ms (autocannon 9, lib/run.js), whatever the rate: a
    // response of N ms counts N times. The response times as measured are reported beside them.
    const measured: number[] = [];
    const tracker = autocannon({ url: `${base}${scenario.path}`, connections: 20, overallRate: RATE, duration: DURATION_S, headers: { cookie } });
    (tracker as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode < 300) measured.push(responseTime);
    });
    const run = await tracker;
    const measuredMs = { measuredP50ms: Math.round(percentile(measured, 50) * 10) / 10, measuredP99ms: Math.round(percentile(measured, 99) * 10) / 10 };
    results.push({ scenario: scenario.name, ...summarise(run), ...measuredMs, ...probe?.read() });
    save();
  }
  // Password sign-in: argon2 is the cost; each request from its own address (X-Forwarded-For,
  // TRUST_PROXY on) so the per-IP limit of 20 a minute does not turn it into 429s.
  const signInRate = Number(process.env.LOAD_SIGNIN_RATE ?? 20);
  let n = 0;
  const run = await autocannon({
    url: `${base}/api/account/user/verify`,
    method: 'POST',
    connections: 10,
    overallRate: signInRate,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: owner.username, password: PASSWORD }),
    requests: [
      {
        setupRequest: (request) => {
          n++;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
        },
      },
    ],
  });
  results.push({ scenario: `POST password sign-in at ${signInRate}/s (argon2; rotating X-Forwarded-For)`, ...summarise(run) });
  part.peakRssMb = stopSampling();
  save();
}

interface StreamClient {
  connectMs: number;
  ids: Set<number>;
  final: string;
  error?: string;
}

/** Opens one SSE stream and reads it to its end. */
async function openClient(url: string, cookie: string, done: Promise<unknown>[]): Promise<StreamClient> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(180_000) });
  const client: StreamClient = { connectMs: performance.now() - started, ids: new Set(), final: '' };
  if (!res.headers.get('content-type')?.includes('text/event-stream')) {
    client.error = `status ${res.status}`;
    return client;
  }
  done.push(
    (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          const frames = buffer.split('\n\n');
          buffer = frames.pop()!;
          for (const frame of frames) {
            const id = /^id: (\d+)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (id) client.ids.add(Number(id));
            if (data) {
              const step = (JSON.parse(data) as { currentStep: string }).currentStep;
              if (step === 'completed' || step === 'error') client.final = step;
            }
          }
        }
      } catch (error) {
        client.error = String(error);
      }
    })(),
  );
  return client;
}

/**
 * Part 2: SSE_CLIENTS streams of one task that stays running a while, served by one process:
 * `all` — a --role=all process that also runs the task (model calls, card images in its worker
 * thread); `split` — an --role=api process that only serves the streams while a --role=worker
 * process runs the task, events reaching the api over Redis (the production layout).
 */
async function ssePart(db: Db, dataDir: string, topology: 'all' | 'split') {
  const fake = await startFake(Number(process.env.LOAD_SSE_LLM_LATENCY_MS ?? 4000));
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const model = { LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-bench', LLM_MODEL: 'bench-model' };
  const prefix = `tianma-load-${process.pid}-${topology}`;
  const env = topology === 'all' ? { ...baseEnv(dataDir), ...model } : { ...baseEnv(dataDir), ...model, REDIS_URL, REDIS_PREFIX: prefix };
  const server = await startServer(topology === 'all' ? 'all' : 'api', { ...env, PORT: String(port) }, port);
  let worker: ChildProcess | null = null;
  const base = `http://127.0.0.1:${port}`;
  try {
    if (topology === 'split') worker = await startServer('worker', { ...env, LOG_LEVEL: 'info' });
    const user = await createUser(db, topology === 'all' ? 1 : 2, 1000);
    const rssIdleMb = rssMb(server.pid!);
    const stopSampling = sampleRss({ server: server.pid!, ...(worker ? { worker: worker.pid! } : {}) });
    const res = await fetch(`${base}/api/v1/articles/generate`, { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ ...STANDARD, deepspaceId: user.deepspaceId }) });
    const { task_id: taskId } = (await res.json()) as { task_id?: string };
    if (!taskId) throw new Error(`generate refused: ${res.status}`);
    const done: Promise<unknown>[] = [];
    const openedAt = Date.now();
    const clients = await Promise.all(Array.from({ length: SSE_CLIENTS }, () => openClient(`${base}/api/v1/articles/generate/stream/${taskId}`, user.cookie, done)));
    const allOpenMs = Date.now() - openedAt;
    const rssAllOpenMb = rssMb(server.pid!);
    const [stateWhenOpen] = await db.select({ status: generationTasks.status }).from(generationTasks).where(eq(generationTasks.taskId, taskId));
    await Promise.all(done);
    const peaks = stopSampling();
    const [task] = await db.select({ eventSeq: generationTasks.eventSeq, status: generationTasks.status }).from(generationTasks).where(eq(generationTasks.taskId, taskId));
    // A stream opened without Last-Event-ID starts at the task's latest event, then gets every later one.
    const firstIds = clients.map((c) => Math.min(...c.ids));
    const complete = clients.filter((c, i) => !c.error && c.final === 'completed' && c.ids.size === task!.eventSeq - firstIds[i]! + 1);
    report[topology === 'all' ? 'sse' : 'sseSplit'] = {
      topology,
      clients: SSE_CLIENTS,
      taskStatusWhenAllOpen: stateWhenOpen?.status,
      taskEvents: task!.eventSeq,
      taskStatus: task!.status,
      allOpenMs,
      connectMs: { p50: Math.round(percentile(clients.map((c) => c.connectMs), 50)), p99: Math.round(percentile(clients.map((c) => c.connectMs), 99)), max: Math.round(Math.max(...clients.map((c) => c.connectMs))) },
      clientsWithEveryEvent: complete.length,
      firstEventId: { min: Math.min(...firstIds), max: Math.max(...firstIds) },
      liveEventsEveryClientGot: task!.eventSeq - Math.max(...firstIds),
      errors: clients.filter((c) => c.error).length,
      serverRssMb: { idle: rssIdleMb, allOpen: rssAllOpenMb, peak: peaks.server, processPeakVmHWM: rssMb(server.pid!, 'VmHWM') },
      ...(worker ? { workerPeakRssMb: peaks.worker } : {}),
    };
    save();
  } finally {
    if (worker) await stop(worker);
    await stop(server);
    fake.child.stdin!.end();
  }
}

/** Part 3: GENERATIONS tasks at once, an api process and 2 workers sharing PostgreSQL and Redis. */
async function generationPart(db: Db, dataDir: string) {
  const fake = await startFake(1000);
  const port = 40_000 + Math.floor(Math.random() * 1000);
  const perWorker = Math.min(64, Math.ceil(GENERATIONS / 2));
  const env = { ...baseEnv(dataDir), REDIS_URL, LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-bench', LLM_MODEL: 'bench-model', GENERATION_CONCURRENCY: String(perWorker) };
  const children: ChildProcess[] = [];
  try {
    children.push(await startServer('api', { ...env, PORT: String(port) }, port));
    children.push(await startServer('worker', { ...env, LOG_LEVEL: 'info' }));
    children.push(await startServer('worker', { ...env, LOG_LEVEL: 'info' }));
    for (const child of children.slice(1)) {
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
    }
    const people = await Promise.all(Array.from({ length: GENERATIONS }, (_, n) => createUser(db, 10 + n, 1000)));
    const base = `http://127.0.0.1:${port}`;
    const stopSampling = sampleRss({ api: children[0]!.pid!, worker1: children[1]!.pid!, worker2: children[2]!.pid! });
    const startedAt = Date.now();
    const outcomes = await Promise.all(
      people.map(async (user) => {
        try {
          const res = await fetch(`${base}/api/v1/articles/generate`, { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ ...STANDARD, deepspaceId: user.deepspaceId }) });
          const { task_id: taskId } = (await res.json()) as { task_id?: string };
          if (!taskId) return { ok: false, ms: 0, why: `status ${res.status}` };
          const done: Promise<unknown>[] = [];
          const client = await openClient(`${base}/api/v1/articles/generate/stream/${taskId}`, user.cookie, done);
          await Promise.all(done);
          return { ok: client.final === 'completed', ms: Date.now() - startedAt, why: client.error ?? client.final };
        } catch (error) {
          return { ok: false, ms: 0, why: String(error) };
        }
      }),
    );
    const elapsedMs = Date.now() - startedAt;
    const peaks = stopSampling();
    const failed = outcomes.filter((o) => !o.ok);
    report.generation = {
      tasks: GENERATIONS,
      workers: 2,
      concurrencyPerWorker: perWorker,
      llmLatencyMs: 1000,
      elapsedMs,
      completionMs: { p50: percentile(outcomes.filter((o) => o.ok).map((o) => o.ms), 50), max: Math.max(0, ...outcomes.map((o) => o.ms)) },
      failures: failed.length,
      failureReasons: [...new Set(failed.map((o) => o.why))].slice(0, 5),
      peakRssMb: peaks,
    };
    save();
  } finally {
    for (const child of children) await stop(child);
    fake.child.stdin!.end();
  }
}

async function main() {
  if (!EMBEDDED) await recreateDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-load-'));
  // As main.ts opens it for a process that serves requests: with the read cache (decision 070).
  let database: Awaited<ReturnType<typeof openDatabase>> | null = await openDatabase({ databaseUrl: EMBEDDED ? undefined : DATABASE_URL, dataDir, readCache: true });
  await migrateDatabase(database);
  await database.readsReady?.();
  const parts = (process.env.LOAD_PARTS ?? (EMBEDDED ? 'http' : 'http,sse,sse-split,generation')).split(',');
  if (EMBEDDED && parts.some((part) => part !== 'http')) throw new Error('LOAD_DATABASE=pglite runs the http part only (the others need PostgreSQL and Redis)');
  try {
    if (parts.includes('http')) {
      const owner = await seedOwner(database.db);
      // PostgreSQL's layout has Redis (several api processes): there the session cache is on only with
      // it (decision 067). LOAD_HTTP_REDIS=0 measures PostgreSQL without it, sessions read every time.
      const httpEnv = { ...baseEnv(dataDir), TRUST_PROXY: 'true', ...(!EMBEDDED && HTTP_REDIS ? { REDIS_URL, REDIS_PREFIX: `tianma-load-${process.pid}-http` } : {}) };
      report.httpRedis = !EMBEDDED && HTTP_REDIS;
      const config = loadConfig({ ...httpEnv, PORT: '0' });
      const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
      const probe = serverProbe(app);
      await httpPart(owner, await app.listen({ port: 0, host: '127.0.0.1' }), 'http', undefined, probe);
      await app.close();
      // The embedded database has one process: this one lets go of it for the server's.
      if (EMBEDDED) {
        await database.close();
        database = null;
      }
      // The same against a server process of its own, so autocannon does not share the server's event loop.
      const port = 38_000 + Math.floor(Math.random() * 1000);
      const server = await startServer(EMBEDDED ? 'all' : 'api', { ...httpEnv, PORT: String(port) }, port);
      try {
        await httpPart(owner, `http://127.0.0.1:${port}`, 'httpSeparateProcess', server.pid);
      } finally {
        await stop(server);
      }
    }
    if (database && parts.includes('sse')) await ssePart(database.db, dataDir, 'all');
    if (database && parts.includes('sse-split')) await ssePart(database.db, dataDir, 'split');
    if (database && parts.includes('generation')) await generationPart(database.db, dataDir);
  } finally {
    report.loadavgAfter = os.loadavg();
    save();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(report, null, 2));
  console.log(`\nRSS of this process at the end: ${Math.round(process.memoryUsage().rss / MB)} MB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
