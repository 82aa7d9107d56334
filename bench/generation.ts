/**
 * `npm run bench:generation`: the writing engine against a fake LLM with a fixed latency per call
 * (bench/llm-fake.ts, its own process). The server runs in this process on PGlite in a temp
 * directory (or DATABASE_URL), driven over loopback HTTP with progress read from the SSE streams.
 *   A: one task at a time; wall time ÷ the critical-path bound of its LLM calls.
 *   B: BENCH_TASKS (50) tasks at once; delay from each progress event's record (details.emittedAt)
 *      to its arrival on the stream, peak RSS, prompt characters sent per character written (in
 *      all, and not served from the fake's emulated prefix cache), per agent.
 * Writes bench/reports/generation.json and prints markdown tables for docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ELDHistogram, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray } from 'drizzle-orm';
import { createSession } from '../apps/server/src/accounts/sessions.js';
import { SESSION_COOKIE } from '../apps/server/src/accounts/session-token.js';
import { users } from '../apps/server/src/accounts/tables.js';
import { adjustBalance } from '../apps/server/src/billing/adjust-balance.js';
import type { EventBus } from '../apps/server/src/generation/events.js';
import { generationStageOutputs, generationTasks } from '../apps/server/src/generation/tables.js';
import { type Db, migrateDatabase, openDatabase } from '../apps/server/src/platform/db/index.js';
import { createPglite } from '../apps/server/src/platform/db/pglite-client.js';
import { articles } from '../apps/server/src/articles/tables.js';
import { buildApp } from '../apps/server/src/app.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { benchConfig, percentile, startLlmFakeProcess } from './support.js';

const LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 1000);
const TASKS = Number(process.env.BENCH_TASKS ?? 50);
const MB = 2 ** 20;
/** A task whose final event has not come by then fails the bench rather than hanging it. */
const TASK_TIMEOUT_MS = 60_000 + 60 * LATENCY_MS;
const TOPIC = '如何把计划变成习惯';
const STANDARD = { topic: TOPIC, settings: { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 2000, platform: 'wechat' } };
const ADVANCED = { topic: TOPIC, advanced_mode: true, settings: { length: 3000, enableSeo: true, seoKeywords: ['习惯养成'] } };
/**
 * LLM rounds each step waits for; the section step's come from the outline (the opening alone,
 * then the rest side by side). The image plan runs beside the later sections, so its step waits
 * for no round of its own when there are any.
 */
const LLM_STEPS: Record<string, number> = { analyze_topic: 1, create_enhanced_outline: 1, combine_sections: 1 };

interface Received {
  step: string;
  emittedAt: number;
  /** When the server published it on the bus (after its database transaction). */
  publishedAt: number | undefined;
  arrivedAt: number;
}
interface Run {
  taskId: string;
  postedAt: number;
  streamOpenedAt: number;
  events: Received[];
  final: string;
}
interface User {
  cookie: string;
  deepspaceId: number;
}
type Analysis = Awaited<ReturnType<typeof analyse>>;
type Concurrent = Awaited<ReturnType<typeof summarise>>;

/** Records when each event is published, to split its delay into the database write and the delivery. */
function timePublishing(bus: EventBus): Map<string, number> {
  const published = new Map<string, number>();
  const publish = bus.publish.bind(bus);
  bus.publish = (taskId, event) => {
    published.set(`${taskId}:${event.seq}`, Date.now());
    return publish(taskId, event);
  };
  return published;
}

/** Counts PGlite's statements by their opening words, to tell which queries its share of the CPU goes to. */
function countStatements(client: PGlite): Map<string, number> {
  const counts = new Map<string, number>();
  const count = (sql: string) => {
    const key = sql.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 60);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const counting = <T extends Pick<PGlite, 'query'>>(target: T): T => {
    const query = target.query.bind(target);
    target.query = ((sql: string, ...rest: []) => {
      count(sql);
      return query(sql, ...rest);
    }) as T['query'];
    return target;
  };
  counting(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) => transaction((tx) => work(counting(tx)));
  return counts;
}

/**
 * CPU time of the main thread alone (Linux: /proc/self/task/<pid>/stat, in clock ticks of 10 ms),
 * which, unlike its event loop's busy time, does not grow when other work on the machine delays it.
 * NaN elsewhere.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function createUser(db: Db, n: number): Promise<User> {
  const deepspaceId = 900_000_000 + randomInt(99_999_999);
  const username = `bench_${Date.now() % 1e8}_${n}`;
  // level 1: Pro, so the advanced scenario is allowed.
  const [user] = await db.insert(users).values({ deepspaceId, username, passwordHash: 'x', level: 1 }).returning();
  // Coins through the ledger, as an operator's adjustment would, so the balances stay reconcilable.
  await adjustBalance(db, { user: username, delta: 1000, reason: 'bench' });
  const { token } = await createSession(db, { userId: user!.id, remember: false });
  return { cookie: `${SESSION_COOKIE}=${token}`, deepspaceId };
}

/** POSTs a task, then reads its SSE stream to the final event, timing every frame's arrival. */
async function runTask(base: string, user: User, body: object, published: Map<string, number>): Promise<Run> {
  const postedAt = Date.now();
  const res = await fetch(`${base}/api/v1/articles/generate`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, deepspaceId: user.deepspaceId }),
  });
  const started = (await res.json()) as { task_id?: string; message?: string };
  if (!started.task_id) throw new Error(`generate refused: ${res.status} ${started.message}`);
  const taskId = started.task_id;
  const stream = await fetch(`${base}/api/v1/articles/generate/stream/${taskId}`, { headers: { cookie: user.cookie }, signal: AbortSignal.timeout(TASK_TIMEOUT_MS) });
  const run: Run = { taskId, postedAt, streamOpenedAt: Date.now(), events: [], final: '' };
  try {
    await readEvents(stream.body!, run, published);
  } catch (error) {
    if (!(error instanceof DOMException)) throw error;
    throw new Error(`task ${taskId}: no final event after ${TASK_TIMEOUT_MS / 1000} s (last: ${run.events.at(-1)?.step})`, { cause: error });
  }
  if (!run.final) throw new Error(`task ${taskId}: the stream ended without a final event (last: ${run.events.at(-1)?.step})`);
  return run;
}

async function readEvents(body: ReadableStream<Uint8Array>, run: Run, published: Map<string, number>): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    const arrivedAt = Date.now();
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop()!;
    for (const frame of frames) {
      const id = /^id: (\d+)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!id || !data) continue;
      const event = JSON.parse(data) as { currentStep: string; details: { emittedAt: number; error?: string } };
      if (event.currentStep === 'error') throw new Error(`task ${run.taskId} failed: ${event.details.error}`);
      run.events.push({ step: event.currentStep, emittedAt: event.details.emittedAt, publishedAt: published.get(`${run.taskId}:${id}`), arrivedAt });
      if (event.currentStep === 'completed') run.final = event.currentStep;
    }
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const spread = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

/**
 * The run against its critical path: wall time from the POST to the final event's arrival, the LLM
 * rounds from the task's saved outline, and the time beyond the LLM's share spent in each step
 * (from the server's emittedAt of each step's first event), before the first and after the last.
 */
async function analyse(db: Db, run: Run, sectionConcurrency: number, seo: boolean) {
  const [task] = await db.select().from(generationTasks).where(eq(generationTasks.taskId, run.taskId));
  const [outline] = await db
    .select({ output: generationStageOutputs.output })
    .from(generationStageOutputs)
    .where(and(eq(generationStageOutputs.taskId, task!.id), eq(generationStageOutputs.key, 'outline')));
  const sections = (outline!.output as { sections: unknown[] }).sections.length;
  const rounds: Record<string, number> = {
    ...LLM_STEPS,
    parallel_section_generation: 1 + Math.ceil((sections - 1) / sectionConcurrency),
    generate_image_position_info: sections > 1 ? 0 : 1,
    apply_seo_optimization: seo ? 1 : 0,
  };
  const entries = run.events.filter((event, i) => i === 0 || event.step !== run.events[i - 1]!.step);
  const final = run.events.at(-1)!;
  const overheadMs: Record<string, number> = { before_first_step: entries[0]!.emittedAt - run.postedAt };
  for (const [i, entry] of entries.entries()) {
    if (entry === final) continue;
    overheadMs[entry.step] = (entries[i + 1] ?? final).emittedAt - entry.emittedAt - (rounds[entry.step] ?? 0) * LATENCY_MS;
  }
  overheadMs.final_event_delivery = final.arrivedAt - final.emittedAt;
  const wallMs = final.arrivedAt - run.postedAt;
  const llmRounds = sum(Object.values(rounds));
  return { wallMs, sections, llmRounds, boundMs: llmRounds * LATENCY_MS, ratio: wallMs / (llmRounds * LATENCY_MS), overheadMs };
}

/** Scenario B's figures from its runs, the saved usage and articles, and the samples taken meanwhile. */
async function summarise(
  db: Db,
  runs: Run[],
  sectionConcurrency: number,
  { elapsedMs, rssBeforeMb, peak, loop }: { elapsedMs: number; rssBeforeMb: number; peak: NodeJS.MemoryUsage; loop: ELDHistogram },
) {
  const failed = runs.filter((run) => run.final !== 'completed');
  if (failed.length > 0) throw new Error(`${failed.length} of ${TASKS} tasks did not complete`);
  // Events recorded before the stream was open arrive as its catch-up, not live: left out.
  const live = runs.flatMap((run) => run.events.filter((event) => event.emittedAt >= run.streamOpenedAt));
  const timed = live.filter((event) => event.publishedAt !== undefined);
  const byStep = new Map<string, number[]>();
  for (const e of live) byStep.set(e.step, [...(byStep.get(e.step) ?? []), e.arrivedAt - e.emittedAt]);
  const analysed = await Promise.all(runs.map((run) => analyse(db, run, sectionConcurrency, false)));
  const steps = [...new Set(analysed.flatMap((a) => Object.keys(a.overheadMs)))];
  const taskIds = runs.map((run) => run.taskId);
  const tasks = await db.select({ usage: generationTasks.usage }).from(generationTasks).where(inArray(generationTasks.taskId, taskIds));
  const written = await db
    .select({ wordCount: articles.wordCount })
    .from(articles)
    .innerJoin(generationTasks, eq(generationTasks.articleId, articles.articleId))
    .where(inArray(generationTasks.taskId, taskIds));
  type Tokens = { promptTokens: number; totalTokens: number; cachedPromptTokens?: number; calls: number };
  const usage = tasks.map((task) => task.usage as { total: Tokens; stages: Record<string, Tokens> });
  const stages = [...new Set(usage.flatMap((u) => Object.keys(u.stages)))];
  const outputChars = sum(written.map((row) => row.wordCount));

  return {
    tasks: TASKS,
    elapsedMs,
    ratio: { p50: percentile(analysed.map((a) => a.ratio), 50), max: Math.max(...analysed.map((a) => a.ratio)) },
    sseDelayMs: { events: live.length, leftOut: sum(runs.map((run) => run.events.length)) - live.length, ...spread(live.map((e) => e.arrivedAt - e.emittedAt)) },
    recordToPublishMs: spread(timed.map((e) => e.publishedAt! - e.emittedAt)),
    publishToArrivalMs: spread(timed.map((e) => e.arrivedAt - e.publishedAt!)),
    sseDelayP99MsByStep: Object.fromEntries([...byStep].map(([step, delays]) => [step, percentile(delays, 99)])),
    memoryMb: {
      before: rssBeforeMb,
      peakRss: Math.round(peak.rss / MB),
      atPeak: { heapUsed: Math.round(peak.heapUsed / MB), external: Math.round(peak.external / MB), arrayBuffers: Math.round(peak.arrayBuffers / MB) },
    },
    eventLoopDelayMs: { p99: Math.round(loop.percentile(99) / 1e6), max: Math.round(loop.max / 1e6) },
    overheadMsPerStep: Object.fromEntries(
      steps.map((step) => {
        const values = analysed.map((a) => a.overheadMs[step] ?? 0);
        return [step, { mean: Math.round(sum(values) / TASKS), max: Math.max(...values) }];
      }),
    ),
    tokensSentPerOutputChar: sum(usage.map((u) => u.total.promptTokens)) / outputChars,
    // What the provider had to read afresh: the prompt less the part its prefix cache served.
    uncachedTokensSentPerOutputChar: sum(usage.map((u) => u.total.promptTokens - (u.total.cachedPromptTokens ?? 0))) / outputChars,
    cachedShareOfPrompt: sum(usage.map((u) => u.total.cachedPromptTokens ?? 0)) / sum(usage.map((u) => u.total.promptTokens)),
    promptTokensPerArticleByStage: Object.fromEntries(stages.map((stage) => [stage, Math.round(sum(usage.map((u) => u.stages[stage]?.promptTokens ?? 0)) / TASKS)])),
    cachedPromptTokensPerArticleByStage: Object.fromEntries(stages.map((stage) => [stage, Math.round(sum(usage.map((u) => u.stages[stage]?.cachedPromptTokens ?? 0)) / TASKS)])),
    tokensPerArticle: Math.round(sum(usage.map((u) => u.total.totalTokens)) / TASKS),
    llmCallsPerArticle: sum(usage.flatMap((u) => Object.values(u.stages).map((stage) => stage.calls))) / TASKS,
    articleChars: Math.round(outputChars / written.length),
  };
}

async function main() {
  const fake = await startLlmFakeProcess(LATENCY_MS);
  const { config, dataDir } = benchConfig('gen', {
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'sk-bench',
    LLM_MODEL: 'bench-model',
    GENERATION_CONCURRENCY: String(TASKS),
  });
  const { sectionConcurrency } = config.generation;
  let statements = new Map<string, number>();
  let pglite: PGlite | undefined;
  if (!config.databaseUrl) {
    await spawnAndWait(process.execPath, ['--import', 'tsx', import.meta.filename, '--prepare', dataDir]);
    pglite = await createPglite(path.join(dataDir, 'pglite'));
    statements = countStatements(pglite);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, pglite });
  await migrateDatabase(database);
  const db = database.db;
  const app = await buildApp({ config, database, logger: createLogger({ ...config, logLevel: 'warn' }) });
  const published = timePublishing(app.generation.bus);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const rssAtStartMb = Math.round(process.memoryUsage().rss / MB);
  const people = await Promise.all(Array.from({ length: TASKS }, (_, n) => createUser(db, n)));

  // A: one task at a time; the first run only warms up (fonts, JIT, connections).
  await runTask(base, people[0]!, STANDARD, published);
  const single = {
    standard: await analyse(db, await runTask(base, people[0]!, STANDARD, published), sectionConcurrency, false),
    advancedSeo: await analyse(db, await runTask(base, people[1]!, ADVANCED, published), sectionConcurrency, true),
  };

  // B: all at once. Memory is sampled whole, so the peak can be told apart (JS heap, or buffers such as PGlite's).
  const rssBeforeMb = Math.round(process.memoryUsage().rss / MB);
  let peak = process.memoryUsage();
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 100);
  statements.clear();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // Load-independent figures: CPU of the whole process (all threads) and the main thread's busy time.
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const eluBefore = performance.eventLoopUtilization();
  const startedAt = Date.now();
  // Each task its own topic, as different users' would be: a provider's prefix cache then shares
  // only what every task has in common (the system text), not one brief repeated 50 times.
  const runs = await Promise.all(people.map((user, n) => runTask(base, user, { ...STANDARD, topic: `${TOPIC}（${n + 1}）` }, published)));
  const elapsedMs = Date.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  const mainCpuMs = mainThreadCpuMs() - mainBefore;
  const elu = performance.eventLoopUtilization(eluBefore);
  loop.disable();
  clearInterval(sampler);
  const cpuMsPerTask = {
    process: Math.round((cpu.user + cpu.system) / 1000 / TASKS),
    mainThread: Math.round(mainCpuMs / TASKS),
    mainThreadBusy: Math.round(elu.active / TASKS),
    mainThreadUtilization: Math.round(elu.utilization * 100) / 100,
  };

  const statementsPerTask = Object.fromEntries([...statements].sort((a, b) => b[1] - a[1]).map(([sql, n]) => [sql, Math.round((n / TASKS) * 10) / 10]));
  const concurrent = { ...(await summarise(db, runs, sectionConcurrency, { elapsedMs, rssBeforeMb, peak, loop })), rssAtStartMb, statementsPerTask, cpuMsPerTask };

  await app.close();
  await database.close();
  fake.child.stdin!.end();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, database: database.kind, llmLatencyMs: LATENCY_MS, sectionConcurrency, single, concurrent };
  const reportsDir = path.resolve(import.meta.dirname, 'reports');
  fs.mkdirSync(reportsDir, { recursive: true });
  fs.writeFileSync(path.join(reportsDir, 'generation.json'), `${JSON.stringify(report, null, 2)}\n`);
  printTables(report);
}

function printTables(report: { node: string; cpus: number; database: string; llmLatencyMs: number; sectionConcurrency: number; single: Record<string, Analysis>; concurrent: Concurrent & { rssAtStartMb: number; statementsPerTask: Record<string, number>; cpuMsPerTask: { process: number; mainThread: number; mainThreadBusy: number; mainThreadUtilization: number } } }) {
  const { single, concurrent: c } = report;
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  const ms = (s: { p50: number; p99: number; max: number }) => `p50 ${s.p50}, p99 ${s.p99}, max ${s.max} ms`;
  console.log('\n| measure | value | target | |\n|---|---|---|---|');
  for (const [name, a] of Object.entries(single)) {
    console.log(`| one task (${name}): wall ÷ bound | ${(a.wallMs / 1000).toFixed(2)} s ÷ (${a.llmRounds} × ${report.llmLatencyMs} ms) = **${a.ratio.toFixed(3)}** | ≤ 1.15 | ${met(a.ratio <= 1.15)} |`);
  }
  console.log(`| ${c.tasks} at once: wall ÷ bound per task | p50 ${c.ratio.p50.toFixed(2)}, max ${c.ratio.max.toFixed(2)} | | |`);
  console.log(`| ${c.tasks} at once: stage change → SSE event (${c.sseDelayMs.events} events) | ${ms(c.sseDelayMs)} | p99 < 250 ms | ${met(c.sseDelayMs.p99 < 250)} |`);
  console.log(`| … of which record → publish (database write) | ${ms(c.recordToPublishMs)} | | |`);
  console.log(`| … of which publish → arrival | ${ms(c.publishToArrivalMs)} | | |`);
  const m = c.memoryMb;
  console.log(`| ${c.tasks} at once: peak RSS | **${m.peakRss} MB** (${c.rssAtStartMb} MB once started, ${m.before} MB before these tasks; at the peak: JS heap ${m.atPeak.heapUsed}, array buffers ${m.atPeak.arrayBuffers} MB) | < 600 MB | ${met(m.peakRss < 600)} |`);
  console.log(`| ${c.tasks} at once: event-loop delay | p99 ${c.eventLoopDelayMs.p99}, max ${c.eventLoopDelayMs.max} ms | | |`);
  const cpu = c.cpuMsPerTask;
  console.log(`| ${c.tasks} at once: CPU per task (includes the bench's clients) | process ${cpu.process} ms, main thread ${cpu.mainThread} ms (its event loop busy ${cpu.mainThreadBusy} ms, utilisation ${cpu.mainThreadUtilization}) | | |`);
  const perChar = (n: number) => (n / c.articleChars).toFixed(2);
  console.log(`| characters sent per character written | **${c.tokensSentPerOutputChar.toFixed(2)}** | | |`);
  console.log(`| … of them not served from the prefix cache | **${c.uncachedTokensSentPerOutputChar.toFixed(2)}** (cached ${Math.round(c.cachedShareOfPrompt * 100)}% of the prompt) | ≤ 3 | ${met(c.uncachedTokensSentPerOutputChar <= 3)} |`);
  const byStage = Object.entries(c.promptTokensPerArticleByStage).sort((a, b) => b[1] - a[1]);
  console.log(
    `| prompt characters per article, by agent: sent (cached) = per character written | ${byStage.map(([stage, n]) => `${stage} ${n} (${c.cachedPromptTokensPerArticleByStage[stage] ?? 0}) = ${perChar(n)}`).join(', ')} | | |`,
  );
  console.log(`| tokens per article (prompt + completion) | ${c.tokensPerArticle} (${c.llmCallsPerArticle} calls, ${c.articleChars} characters) | reported | |`);
  console.log(`\nTime beyond the LLM calls, per step (ms), and the p99 SSE delay of the step's events with ${c.tasks} at once:\n`);
  console.log(`| step | one task (standard) | one task (advanced + SEO) | ${c.tasks} at once: mean / max | SSE delay p99 |\n|---|---|---|---|---|`);
  const steps = new Set([...Object.keys(single.advancedSeo!.overheadMs), ...Object.keys(c.overheadMsPerStep)]);
  for (const step of steps) {
    const cell = c.overheadMsPerStep[step];
    const delay = c.sseDelayP99MsByStep[step];
    console.log(`| ${step} | ${single.standard!.overheadMs[step] ?? ''} | ${single.advancedSeo!.overheadMs[step] ?? ''} | ${cell ? `${cell.mean} / ${cell.max}` : ''} | ${delay ?? ''} |`);
  }
  const statements = Object.entries(c.statementsPerTask);
  if (statements.length > 0) {
    console.log(`\nDatabase statements per task with ${c.tasks} at once (${sum(statements.map(([, n]) => n)).toFixed(0)} in all):\n\n| statement | per task |\n|---|---|`);
    for (const [sql, n] of statements.slice(0, 10)) console.log(`| \`${sql}\` | ${n} |`);
  }
  console.log(`\n${report.database}, LLM latency ${report.llmLatencyMs} ms per call, section concurrency ${report.sectionConcurrency}, ${c.tasks} tasks in ${(c.elapsedMs / 1000).toFixed(1)} s, Node ${report.node}, ${report.cpus} CPUs`);
}

/**
 * Creates and migrates the PGlite data directory in a process of its own: PGlite's initdb leaves
 * ~500 MB more RSS behind than opening an existing directory, which is what a server does on every
 * boot but its very first.
 */
async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await database.close();
}

function spawnAndWait(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited (${code})`)))));
}

const [mode, dir] = process.argv.slice(2);
(mode === '--prepare' ? prepare(dir!) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
