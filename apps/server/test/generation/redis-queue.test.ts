import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STANDARD_STEPS } from '@tianma/shared';
import { Queue, Worker } from 'bullmq';
import { asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger } from '../../src/billing/tables.js';
import { BullMqTaskQueue, type BullMqQueueOptions, requeueJobId } from '../../src/generation/bullmq-queue.js';
import type { ProgressEvent } from '../../src/generation/events.js';
import { RedisEventBus } from '../../src/generation/redis-event-bus.js';
import { createGenerationServices } from '../../src/generation/services.js';
import { generationEvents, generationTasks } from '../../src/generation/tables.js';
import { ABORT_CANCEL, ABORT_SHUTDOWN } from '../../src/generation/task-runner.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { LocalStorage } from '../../src/platform/storage/local-storage.js';
import { gatedAgents, gateFile } from '../fixtures/gated-agents.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { GUIDED, gate, generate } from '../helpers/generation.js';
import { deleteKeys, openStream, REDIS_URL, startWorkerProcess, uniquePrefix } from '../helpers/redis.js';

const root = uniquePrefix();
/** Gate files (see fixtures/gated-agents.ts) and the worker's data. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-redis-'));
const logger = pino({ level: 'silent' });
const closers: (() => Promise<unknown>)[] = [];
const track = <T extends { close(): Promise<unknown> }>(thing: T): T => {
  closers.push(() => thing.close());
  return thing;
};
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
afterAll(async () => {
  await deleteKeys(root);
  fs.rmSync(dir, { recursive: true, force: true });
});

const event = (seq: number, currentStep = 'analyze_topic'): ProgressEvent => ({ seq, type: 'progress', currentStep, details: { progress: seq } });

describe('RedisEventBus', () => {
  const subscribers = async (channel: string) => {
    const admin = new Redis(REDIS_URL);
    const [, count] = (await admin.pubsub('NUMSUB', channel)) as [string, number];
    await admin.quit();
    return Number(count);
  };

  it("delivers one bus's events to another bus's subscribers (two processes), in order and per task", async () => {
    const prefix = `${root}-bus1`;
    const worker = track(new RedisEventBus({ url: REDIS_URL, logger, prefix }));
    const api = track(new RedisEventBus({ url: REDIS_URL, logger, prefix }));
    const first: number[] = [];
    const second: number[] = [];
    const other: number[] = [];
    await api.subscribe('task-a', (e) => first.push(e.seq));
    await api.subscribe('task-a', (e) => second.push(e.seq));
    await api.subscribe('task-b', (e) => other.push(e.seq));
    for (let seq = 1; seq <= 20; seq += 1) await worker.publish('task-a', event(seq));
    await worker.publish('task-b', event(7, 'completed'));
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    await expect.poll(() => first).toEqual(all);
    await expect.poll(() => other).toEqual([7]);
    expect(second).toEqual(all);
  });

  it('stops delivering after unsubscribe, and close() releases the connections without throwing later', async () => {
    const prefix = `${root}-bus2`;
    const channel = `${prefix}:task:task-c`;
    const worker = track(new RedisEventBus({ url: REDIS_URL, logger, prefix }));
    const api = new RedisEventBus({ url: REDIS_URL, logger, prefix });
    const kept: number[] = [];
    const dropped: number[] = [];
    await api.subscribe('task-c', (e) => kept.push(e.seq));
    const unsubscribe = await api.subscribe('task-c', (e) => dropped.push(e.seq));
    await worker.publish('task-c', event(1));
    await expect.poll(() => dropped).toEqual([1]);
    unsubscribe();
    unsubscribe();
    await worker.publish('task-c', event(2));
    await expect.poll(() => kept).toEqual([1, 2]);
    expect(dropped).toEqual([1]);
    expect(await subscribers(channel)).toBe(1);
    await api.close();
    await expect.poll(() => subscribers(channel)).toBe(0);
    await expect(api.publish('task-c', event(3))).resolves.toBeUndefined();
  });
});

describe('BullMqTaskQueue', () => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [user] = await database.db
      .insert(users)
      .values({ deepspaceId: Date.now(), username: `queue_${randomBytes(3).toString('hex')}`, passwordHash: 'x' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.close());

  const insertTask = async () => {
    const taskId = randomBytes(12).toString('hex');
    await database.db.insert(generationTasks).values({
      taskId,
      articleId: randomBytes(12).toString('hex'),
      userId,
      advanced: false,
      topic: '队列测试',
      request: {},
      holdCoins: 0,
      updatedAt: new Date(Date.now() - 60_000),
    });
    return taskId;
  };
  const setStatus = (taskId: string, status: 'queued' | 'completed' | 'cancelled') =>
    database.db.update(generationTasks).set({ status, updatedAt: new Date() }).where(eq(generationTasks.taskId, taskId));
  const rowOf = async (taskId: string) => (await database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]!;
  const queue = (prefix: string, options: Partial<BullMqQueueOptions> = {}) =>
    track(new BullMqTaskQueue({ url: REDIS_URL, db: database.db, logger, prefix, handler: null, ...options }));
  const untilAborted = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

  it('runs a task once even when its job is queued twice and a second job names it (a redelivery)', async () => {
    const prefix = `${root}-once`;
    const runs: string[] = [];
    const worker = queue(prefix, {
      handler: async (task) => {
        runs.push(task.workerId!);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await setStatus(task.taskId, 'completed');
      },
    });
    await worker.ready();
    const taskId = await insertTask();
    const raw = track(new Queue('generation', { connection: { url: REDIS_URL }, prefix }));
    await Promise.all([worker.enqueue(taskId), worker.enqueue(taskId), raw.add('generate', { taskId }, { jobId: `again-${taskId}`, removeOnComplete: true })]);
    await expect.poll(async () => (await rowOf(taskId)).status, { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => raw.getJobCounts('active', 'waiting', 'failed', 'completed')).toEqual({ active: 0, waiting: 0, failed: 0, completed: 0 });
    expect(runs).toEqual([worker.workerId]);
    expect((await rowOf(taskId)).attempts).toBe(1);
  });

  it('gives a queued task that has no job one from the periodic sweep', async () => {
    const prefix = `${root}-sweep`;
    const ran = gate();
    const worker = queue(prefix, { requeueEveryMs: 100, requeueAfterMs: 1000, handler: async () => ran.open() });
    const taskId = await insertTask();
    await ran.opened;
    expect((await rowOf(taskId)).workerId).toBe(worker.workerId);
  });

  it('gives a task whose first job a dead worker still holds a job of its own, so it does not wait for the stall check', async () => {
    const prefix = `${root}-stuck`;
    const taskId = await insertTask();
    // A worker takes the task's job and dies holding it: BullMQ keeps the job active until its lock
    // expires and a stall check runs (about a minute), and a job of the same id cannot be added meanwhile.
    const taken = gate();
    const dying = new Worker(
      'generation',
      async () => {
        taken.open();
        await new Promise<never>(() => undefined);
      },
      { connection: { url: REDIS_URL }, prefix },
    );
    const raw = track(new Queue('generation', { connection: { url: REDIS_URL }, prefix }));
    await raw.add('generate', { taskId }, { jobId: taskId });
    await taken.opened;
    await dying.close(true);
    // What the stale-task sweeper leaves: queued again, one attempt made.
    await database.db
      .update(generationTasks)
      .set({ status: 'queued', attempts: 1, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(generationTasks.taskId, taskId));

    const ran = gate();
    const worker = queue(prefix, { requeueEveryMs: 100, requeueAfterMs: 1000, handler: async () => ran.open() });
    await ran.opened;
    expect(await raw.getJobState(taskId)).toBe('active');
    expect(await rowOf(taskId)).toMatchObject({ workerId: worker.workerId, attempts: 2 });
    expect(requeueJobId(taskId, 1)).not.toBe(taskId);
    expect(requeueJobId(taskId, 0)).toBe(taskId);
  });

  it('hands a running task back on shutdown, and another worker resumes it at once', async () => {
    const prefix = `${root}-handback`;
    const started = gate();
    const reasons: unknown[] = [];
    const first = queue(prefix, {
      handler: async (task, signal) => {
        started.open();
        await untilAborted(signal);
        reasons.push(signal.reason);
        await setStatus(task.taskId, 'queued'); // what execute-task.ts does on ABORT_SHUTDOWN
      },
    });
    await first.ready();
    const taskId = await insertTask();
    await first.enqueue(taskId);
    await started.opened;
    const resumed = gate();
    const second = queue(prefix, { handler: async () => resumed.open() });
    await second.ready();
    await first.close();
    await resumed.opened;
    expect(reasons).toEqual([ABORT_SHUTDOWN]);
    expect(await rowOf(taskId)).toMatchObject({ workerId: second.workerId, attempts: 2 });
  });

  it('runs a job of another kind (the knowledge-base build) submitted by an api on a worker, and hands it back on shutdown', async () => {
    const prefix = `${root}-jobs`;
    const api = queue(prefix);
    const started = gate();
    const reasons: unknown[] = [];
    const first = queue(prefix, {
      handler: async () => undefined,
      jobs: {
        'knowledge-build': async (id, signal) => {
          expect(id).toBe('session-1');
          started.open();
          await untilAborted(signal);
          reasons.push(signal.reason);
        },
      },
    });
    await first.ready();
    await api.submit('knowledge-build', 'session-1');
    await started.opened;
    const resumed = gate();
    const resumedIds: string[] = [];
    const jobs = {
      'knowledge-build': async (id: string) => {
        resumedIds.push(id);
        resumed.open();
      },
    };
    const second = queue(prefix, { handler: async () => undefined, jobs });
    await second.ready();
    await first.close();
    await resumed.opened;
    expect(resumedIds).toEqual(['session-1']);
    expect(reasons).toEqual([ABORT_SHUTDOWN]);
  });

  it("aborts a task with ABORT_CANCEL when another process's queue cancels it", async () => {
    const prefix = `${root}-cancel`;
    const started = gate();
    const reasons: unknown[] = [];
    const worker = queue(prefix, {
      handler: async (task, signal) => {
        started.open();
        await untilAborted(signal);
        reasons.push(signal.reason);
        await setStatus(task.taskId, 'cancelled');
      },
    });
    const api = queue(prefix);
    await worker.ready();
    const taskId = await insertTask();
    await api.enqueue(taskId);
    await started.opened;
    expect(worker.isRunning(taskId)).toBe(true);
    await api.cancel(taskId);
    await expect.poll(() => reasons).toEqual([ABORT_CANCEL]);
    await expect.poll(() => worker.isRunning(taskId)).toBe(false);
  });
});

const STEPS = STANDARD_STEPS.map((entry) => entry.step);
const distinct = (steps: string[]) => [...new Set(steps)];
const isIncreasing = (ids: number[]) => ids.every((id, i) => i === 0 || id > ids[i - 1]!);

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
const taskRow = async (t: TestApp, taskId: string) => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]!;
const eventsOf = (t: TestApp, id: number) => t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, id)).orderBy(asc(generationEvents.seq));

/** The article's 67 coins were taken once: the hold, settled at the same price, and nothing else. */
async function expectChargedOnce(t: TestApp, username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  expect(user!.coinBalance).toBe(233);
  const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, user!.id));
  expect(ledger.map((entry) => [entry.kind, entry.delta])).toEqual([
    ['registration_gift', 300],
    ['hold', -67],
  ]);
  expect(await findBalanceMismatches(t.database.db)).toEqual([]);
}

describe('with REDIS_URL in one process (role all): BullMQ queue and Redis events', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL }, { generation: { redisPrefix: `${root}-all`, agents: gatedAgents(dir) } });
    baseUrl = await listening(t);
  });
  afterAll(() => t.close());

  it('chooses the Redis implementations, runs a task to the end and streams it with one final event', async () => {
    expect(t.app.generation.queue).toBeInstanceOf(BullMqTaskQueue);
    expect(t.app.generation.bus).toBeInstanceOf(RedisEventBus);
    const user = await signedInUser(t);
    const topic = '单进程的队列与事件';
    const { task_id: taskId } = (await generate(t, user.cookie, { topic, settings: GUIDED })).json();
    const stream = await openStream(`${baseUrl}/api/v1/articles/generate/stream/${taskId}`, user.cookie);
    await expect.poll(() => stream.frames.length).toBeGreaterThanOrEqual(2);
    fs.writeFileSync(gateFile(dir, topic), '');
    const frames = await stream.done;
    expect(frames[0]!.data.type).toBe('connection_established');
    const progress = frames.slice(1);
    expect(isIncreasing(progress.map((frame) => frame.id!))).toBe(true);
    expect(progress.filter((frame) => ['completed', 'error'].includes(frame.data.currentStep))).toHaveLength(1);
    expect(progress.at(-1)!.data.currentStep).toBe('completed');
    const task = await taskRow(t, taskId);
    expect(task.status).toBe('completed');
    const events = await eventsOf(t, task.id);
    expect(events.map((event) => event.seq)).toEqual(Array.from({ length: task.eventSeq }, (_, i) => i + 1));
    expect(distinct(events.map((event) => event.currentStep))).toEqual(STEPS);
    await expectChargedOnce(t, user.username);
  });
});

const postgres = inject('postgresTemplate');
describe(
  postgres
    ? 'API (role api) and a worker in a child process, over BullMQ + Redis'
    : 'API (role api) and a separate in-process worker over BullMQ + Redis (PGlite: two processes cannot share it; run with TEST_DATABASE_URL for the child process)',
  () => {
    const prefix = `${root}-split`;
    let api: TestApp;
    let baseUrl: string;
    let worker: { workerId: string; close(): Promise<void> };

    beforeAll(async () => {
      api = await createTestApp({ REDIS_URL }, { generation: { runWorker: false, redisPrefix: prefix } });
      baseUrl = await listening(api);
      const databaseUrl = (api.database as TestDatabase).url;
      if (databaseUrl) {
        worker = await startWorkerProcess({ DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: path.join(dir, 'data'), GATE_DIR: dir });
        return;
      }
      const services = createGenerationServices(
        api.config,
        { db: api.database.db, storage: new LocalStorage(path.join(dir, 'files')), logger: api.logger },
        { runWorker: true, redisPrefix: prefix, agents: gatedAgents(dir) },
      );
      const queue = services.queue as BullMqTaskQueue;
      await queue.ready();
      worker = { workerId: queue.workerId, close: () => services.close() };
    });
    afterAll(async () => {
      await worker?.close();
      await api?.close();
    });

    /** Starts a task the worker holds at its outline until `release()`. */
    async function heldTask(topic: string) {
      const user = await signedInUser(api);
      const res = await generate(api, user.cookie, { topic, settings: GUIDED });
      expect(res.statusCode).toBe(200);
      const { task_id: taskId, article_id: articleId } = res.json();
      await expect.poll(async () => (await taskRow(api, taskId)).currentStep, { timeout: 20_000 }).toBe('create_enhanced_outline');
      return { user, taskId, articleId, release: () => fs.writeFileSync(gateFile(dir, topic), '') };
    }

    it("streams the worker's events live from the API process; polling agrees; coins settled once", async () => {
      const { user, taskId, articleId, release } = await heldTask('跨进程的流式进度');
      const bus = api.app.generation.bus;
      const subscribe = bus.subscribe.bind(bus);
      const viaRedis: number[] = [];
      const spy = vi.spyOn(bus, 'subscribe').mockImplementation((id, listener) =>
        subscribe(id, (event) => {
          viaRedis.push(event.seq);
          listener(event);
        }),
      );
      closers.push(async () => spy.mockRestore());
      const stream = await openStream(`${baseUrl}/api/v1/articles/generate/stream/${taskId}`, user.cookie);
      await expect.poll(() => stream.frames.length).toBe(2); // connection_established, then the current state
      release();
      const frames = await stream.done;

      expect(frames[0]!.data.type).toBe('connection_established');
      const progress = frames.slice(1);
      const ids = progress.map((frame) => frame.id!);
      expect(isIncreasing(ids)).toBe(true);
      expect(distinct(progress.map((frame) => frame.data.currentStep))).toEqual(STEPS.slice(STEPS.indexOf('create_enhanced_outline')));
      expect(progress.filter((frame) => ['completed', 'error'].includes(frame.data.currentStep))).toHaveLength(1);
      // Everything after the state frame happened in the worker and reached this process over Redis.
      expect(ids.slice(1).filter((id) => !viaRedis.includes(id))).toEqual([]);

      const task = await taskRow(api, taskId);
      expect(task).toMatchObject({ status: 'completed', workerId: worker.workerId, eventSeq: ids.at(-1) });
      expect((await eventsOf(api, task.id)).map((event) => event.seq)).toEqual(Array.from({ length: task.eventSeq }, (_, i) => i + 1));
      const status = await api.app.inject({ method: 'GET', url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } });
      expect(status.json()).toMatchObject({ status: 'completed', currentStep: 'completed', eventId: ids.at(-1), details: { progress: 100, article_id: articleId } });
      await expectChargedOnce(api, user.username);
    });

    it('cancels a task running in the worker: the worker stops at once and the coins come back', async () => {
      const { user, taskId, articleId, release } = await heldTask('跨进程取消任务');
      const res = await post(api, `/api/v1/articles/${taskId}/cancel`, {}, user.cookie);
      expect(res.json()).toMatchObject({ status: 'success' });
      release();
      const jobs = track(new Queue('generation', { connection: { url: REDIS_URL }, prefix }));
      await expect.poll(() => jobs.getJobCounts('active', 'waiting'), { timeout: 10_000 }).toEqual({ active: 0, waiting: 0 });

      const task = await taskRow(api, taskId);
      expect(task).toMatchObject({ status: 'cancelled', workerId: worker.workerId });
      const events = await eventsOf(api, task.id);
      // Had the cancel not reached the worker, its pipeline would have gone on past the outline.
      expect(events.at(-1)).toMatchObject({ seq: task.eventSeq, currentStep: 'error', details: { error: '任务已取消' } });
      expect(events.map((event) => event.currentStep)).not.toContain('parallel_section_research');
      expect(await api.database.db.select().from(articles).where(eq(articles.articleId, articleId))).toEqual([]);
      const [row] = await api.database.db.select().from(users).where(eq(users.username, user.username));
      expect(row!.coinBalance).toBe(300);
    });
  },
);
