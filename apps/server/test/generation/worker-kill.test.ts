import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateRequestSchema } from '@tianma/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { applyLedgerEntry } from '../../src/billing/ledger.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinHolds, coinLedger } from '../../src/billing/tables.js';
import { createTask } from '../../src/generation/create-task.js';
import { InProcessEventBus } from '../../src/generation/events.js';
import { MAX_ATTEMPTS, STALE_AFTER_MS, sweepStaleTasks } from '../../src/generation/sweep-tasks.js';
import { generationStageOutputs, generationTasks } from '../../src/generation/tables.js';
import { type Database, type Db, openDatabase } from '../../src/platform/db/index.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { adminQuery, withDatabase } from '../global-setup.js';
import { type ChildLine, LineChild, runningChildren, withTimeout } from '../helpers/child-process.js';
import { GUIDED } from '../helpers/generation.js';

/*
 * A generation worker killed mid-task: a real child process (test/fixtures/generation-kill-worker.ts)
 * runs the task and gets SIGKILL after it has saved a section. Then either a fresh worker resumes
 * the task from its saved stages, or, after three killed attempts, the sweeper ends it and refunds.
 *
 * Database: PostgreSQL when the run has one (TEST_DATABASE_URL), the test and the workers sharing a
 * fresh database; otherwise a PGlite data directory. A PGlite directory can be opened by one process
 * at a time, so there the workers own it while they run and the test opens it only in between
 * (after a worker has exited or been killed).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const WORKER = path.join(SERVER_DIR, 'test/fixtures/generation-kill-worker.ts');
const COST = 67;
/** Each section takes this long in the workers, so a kill lands between sections. */
const SLOW_SECTION_MS = 500;
/** The sweeper runs as if this much time had passed: past STALE_AFTER_MS, well short of the hard limit. */
const SWEEP_AHEAD_MS = STALE_AFTER_MS + 60_000;
const EVENT_TIMEOUT_MS = 30_000;

type WorkerEvent = ChildLine;

/** A worker child process (test/fixtures/generation-kill-worker.ts) and the events it printed. */
class WorkerProcess {
  private constructor(private readonly child: LineChild) {}

  static start(name: string, env: Record<string, string>): WorkerProcess {
    return new WorkerProcess(LineChild.start(name, WORKER, { cwd: SERVER_DIR, env: { SLOW_SECTION_MS: String(SLOW_SECTION_MS), ...env } }));
  }

  waitFor(what: string, match: (event: WorkerEvent) => boolean): Promise<WorkerEvent> {
    return this.child.waitFor(what, match, EVENT_TIMEOUT_MS);
  }

  /** Waits for a clean exit (code 0). */
  async finished(): Promise<WorkerEvent> {
    const event = await this.waitFor('the end of the task', (e) => e.event === 'finished');
    const exit = await withTimeout(this.child.exited, 10_000, `${this.child.name} did not exit after finishing`);
    expect(exit, this.child.report()).toEqual({ code: 0, signal: null });
    return event;
  }

  async kill(): Promise<void> {
    const exit = await this.child.kill();
    if (exit.signal !== 'SIGKILL' && exit.code !== 0) throw new Error(`${this.child.name} ended on its own (${exit.code}) before the kill\n${this.child.report()}`);
  }

  eventsOf(name: string): WorkerEvent[] {
    return this.child.linesWhere((event) => event.event === name);
  }
}

/** Where the task lives: its own database for each test, in the mode of this run. */
interface Store {
  kind: 'postgres' | 'pglite';
  /** What a worker needs to reach the database. */
  env: Record<string, string>;
  /** Runs `work` on a connection of the test's own; on PGlite only while no worker runs. */
  use<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

async function createStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-kill-'));
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.templateName}_kill_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${postgres.templateName}"`);
    const url = withDatabase(postgres.adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      use: (work) => work(database.db),
      dispose: async () => {
        await database.close();
        await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // The migrated template, written into a data directory a worker process can open.
  const template = await PGlite.create({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]),
  });
  await template.close();
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    use: async (work) => {
      if (runningChildren.size > 0) throw new Error('a worker owns the PGlite directory; the test may not open it now');
      const database: Database = await openDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

let store: Store | undefined;

afterEach(async () => {
  // Never leave a worker behind, whatever failed.
  await Promise.all([...runningChildren].map((child) => child.kill().catch(() => undefined)));
  await store?.dispose();
  store = undefined;
});

/** A user with the 300-coin registration gift and a task of theirs, started as the generate route starts it. */
async function startTask(topic: string) {
  return store!.use(async (db) => {
    const [user] = await db
      .insert(users)
      .values({ deepspaceId: randomInt(100_000_000, 2_000_000_000), username: `kill_${randomBytes(4).toString('hex')}`, passwordHash: 'x' })
      .returning();
    await db.transaction((tx) =>
      applyLedgerEntry(tx, { userId: user!.id, delta: 300, kind: 'registration_gift', idemKey: `registration:${user!.id}`, reason: '注册赠送' }),
    );
    const [fresh] = await db.select().from(users).where(eq(users.id, user!.id));
    // createTask is what POST /api/v1/articles/generate runs: it holds the coins and queues the task.
    const body = generateRequestSchema.parse({ topic, advanced_mode: false, settings: { ...GUIDED, length: 1200 } });
    const task = await createTask(db, fresh!, body, COST);
    return { userId: user!.id, taskId: task.taskId, id: task.id, articleId: task.articleId };
  });
}

async function taskState(id: number) {
  return store!.use(async (db) => {
    const [task] = await db.select().from(generationTasks).where(eq(generationTasks.id, id));
    const saved = await db
      .select({ key: generationStageOutputs.key, output: generationStageOutputs.output })
      .from(generationStageOutputs)
      .where(eq(generationStageOutputs.taskId, id));
    const sections = saved.filter((row) => row.key.startsWith('section:')).map((row) => row.key);
    const outline = saved.find((row) => row.key === 'outline')?.output as { sections: unknown[] } | undefined;
    return { task: task!, sections: sections.sort(), sectionCount: outline?.sections.length };
  });
}

async function money(userId: number) {
  return store!.use(async (db) => {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const ledger = await db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));
    const holds = await db.select().from(coinHolds).where(eq(coinHolds.userId, userId));
    return {
      balance: user!.coinBalance,
      ledger: ledger.map((entry) => [entry.kind, entry.delta]),
      holds: holds.map((hold) => ({ status: hold.status, amount: hold.amount })),
      mismatches: await findBalanceMismatches(db),
    };
  });
}

/** Starts a worker and kills it with SIGKILL as soon as `until` is seen; answers what it had printed. */
async function killedWorker(name: string, taskId: string, until: { what: string; match: (event: WorkerEvent) => boolean }, env: Record<string, string> = {}) {
  const worker = WorkerProcess.start(name, { ...store!.env, TASK_ID: taskId, ...env });
  await worker.waitFor(until.what, until.match);
  await worker.kill();
  return worker;
}

const savedSection = { what: 'a saved section', match: (event: WorkerEvent) => event.event === 'saved' && String(event.key).startsWith('section:') };
const sectionStarted = { what: 'a section being written', match: (event: WorkerEvent) => event.event === 'write-start' };
const indexOf = (key: string) => Number(key.split(':')[1]);

describe(`a worker killed mid-task (${inject('postgresTemplate') ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('resumes in a fresh worker from the saved stages: saved sections are not rewritten, the coins are charged once', async () => {
    store = await createStore();
    const { userId, taskId, id, articleId } = await startTask('被强制结束后恢复的任务');

    const first = WorkerProcess.start('worker 1', { ...store.env, TASK_ID: taskId });
    const saved = await first.waitFor(savedSection.what, savedSection.match);
    if (store.kind === 'postgres') {
      // Both processes see one database: the section is there before the kill.
      const keys = await store.use((db) =>
        db
          .select({ key: generationStageOutputs.key })
          .from(generationStageOutputs)
          .where(and(eq(generationStageOutputs.taskId, id), like(generationStageOutputs.key, 'section:%'))),
      );
      expect(keys.map((row) => row.key)).toContain(saved.key);
    }
    await first.kill();

    const killed = await taskState(id);
    expect(killed.task).toMatchObject({ status: 'running', attempts: 1 });
    expect(killed.sections).toContain(saved.key);
    const n = killed.sectionCount!;
    expect(n).toBeGreaterThan(killed.sections.length); // killed with sections still to write
    expect(await money(userId)).toMatchObject({ balance: 300 - COST, ledger: [['registration_gift', 300], ['hold', -COST]] });

    // A fresh worker: the sweeper hands the stale task back to the queue, the runner resumes it.
    const second = WorkerProcess.start('worker 2', { ...store.env, TASK_ID: taskId, SWEEP_AHEAD_MS: String(SWEEP_AHEAD_MS) });
    const end = await second.finished();
    expect(second.eventsOf('swept')).toEqual([{ event: 'swept', touched: 1 }]);
    expect(second.eventsOf('ready')[0]).toMatchObject({ savedSections: killed.sections });
    expect(end).toMatchObject({ status: 'completed', error: null, attempts: 2 });

    // Only the sections missing at the kill were written again, each once.
    const rewritten = second.eventsOf('write-start').map((event) => event.index as number);
    const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !killed.sections.map(indexOf).includes(i));
    expect(rewritten).toEqual(missing);
    expect(end.writeSectionCalls).toBe(missing.length);

    const after = await taskState(id);
    expect(after.sections).toHaveLength(n);
    expect(after.task).toMatchObject({ status: 'completed', currentStep: 'completed', attempts: 2 });
    const article = await store.use((db) => db.select().from(articles).where(eq(articles.articleId, articleId)));
    expect(article).toHaveLength(1);
    expect(article[0]!.content).toMatch(/^# /);

    // Held once when the task started, settled once at the end: no refund, no second charge.
    expect(await money(userId)).toEqual({
      balance: 300 - COST,
      ledger: [
        ['registration_gift', 300],
        ['hold', -COST],
      ],
      holds: [{ status: 'settled', amount: COST }],
      mismatches: [],
    });
  }, 90_000);

  it('fails the task after three killed attempts and refunds it exactly once', async () => {
    store = await createStore();
    const { userId, taskId, id, articleId } = await startTask('反复被强制结束的任务');

    await killedWorker('worker 1', taskId, savedSection);
    const afterFirst = await taskState(id);
    expect(afterFirst.task).toMatchObject({ status: 'running', attempts: 1 });
    expect(afterFirst.sections.length).toBeGreaterThan(0);

    for (const attempt of [2, 3]) {
      const worker = await killedWorker(`worker ${attempt}`, taskId, sectionStarted, { SWEEP_AHEAD_MS: String(SWEEP_AHEAD_MS) });
      expect(worker.eventsOf('swept')).toEqual([{ event: 'swept', touched: 1 }]);
      // It resumed after the sections already saved.
      const started = worker.eventsOf('write-start')[0]!.index as number;
      expect(afterFirst.sections.map(indexOf)).not.toContain(started);
      expect((await taskState(id)).task).toMatchObject({ status: 'running', attempts: attempt });
    }
    expect(MAX_ATTEMPTS).toBe(3);

    // The sweeper, once the last worker's heartbeat is stale: no fourth try, the task fails and is refunded.
    const later = new Date(Date.now() + SWEEP_AHEAD_MS);
    const bus = new InProcessEventBus();
    expect(await store.use((db) => sweepStaleTasks({ db, bus }, later))).toBe(1);
    const failed = await taskState(id);
    expect(failed.task).toMatchObject({ status: 'error', currentStep: 'error', error: '生成服务多次中断，任务已结束并退回金币', attempts: 3 });
    // Sweeping again changes nothing.
    expect(await store.use((db) => sweepStaleTasks({ db, bus }, new Date(later.getTime() + SWEEP_AHEAD_MS)))).toBe(0);

    expect(await money(userId)).toEqual({
      balance: 300,
      ledger: [
        ['registration_gift', 300],
        ['hold', -COST],
        ['release', COST],
      ],
      holds: [{ status: 'released', amount: COST }],
      mismatches: [],
    });
    expect(await store.use((db) => db.select().from(articles).where(eq(articles.articleId, articleId)))).toEqual([]);
  }, 120_000);
});
