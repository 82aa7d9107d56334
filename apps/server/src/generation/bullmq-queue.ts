import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { and, eq, lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import { closeConnection, within } from '../platform/redis.js';
import { generationTasks } from './tables.js';
import { ABORT_CANCEL, ABORT_SHUTDOWN, claimQueuedTask, type JobHandlers, jobKey, type TaskHandler, type TaskQueue } from './task-runner.js';

export interface BullMqQueueOptions {
  url: string;
  db: Db;
  /** null: this process only enqueues (role api) and opens no worker. */
  handler: TaskHandler | null;
  /** Jobs of other kinds this worker runs (ignored without a handler). */
  jobs?: JobHandlers;
  logger: Logger;
  concurrency?: number;
  /** Namespaces the BullMQ keys (`{prefix}:generation:*`) and the cancel channel (`{prefix}:cancel`). */
  prefix?: string;
  /** How often a worker looks for queued tasks that have no job, and how old such a task must be. */
  requeueEveryMs?: number;
  requeueAfterMs?: number;
}

interface JobData {
  /** The generation task's id, or the record of a job of another kind. */
  taskId: string;
}

const QUEUE_NAME = 'generation';
/** The job name of a generation task; other kinds are named by their JobHandlers key. */
const GENERATE = 'generate';
const ENQUEUE_WAIT_MS = 3000;
const WORKER_CLOSE_WAIT_MS = 3000;
const DEPTH_WAIT_MS = 2000;

/**
 * The job id of a requeued task. A task that never ran keeps its first id (a task still waiting
 * behind a backlog is not queued twice). A task that ran before may still have its old job,
 * held "active" by a worker that was killed until BullMQ's stall check notices (a minute), so
 * each attempt gets an id of its own; the sweeps of every worker still agree on it.
 */
export function requeueJobId(taskId: string, attempts: number): string {
  return attempts === 0 ? taskId : `${taskId}-r${attempts}`;
}

/**
 * The job queue on BullMQ. The database stays the source of truth: a job only names a task, and its
 * processor claims that task exactly as the in-process runner does, so a redelivered or duplicate
 * job never runs a task twice, and BullMQ never retries (attempts: 1). Tasks the database put back
 * to `queued` (a shutdown hand-back, the stale-task sweeper, a missed enqueue) get a job again
 * from a periodic sweep in every worker; requeueJobId keeps that from queueing a task twice.
 */
export class BullMqTaskQueue implements TaskQueue {
  readonly workerId = `bullmq-${randomUUID()}`;
  private readonly queue: Queue<JobData>;
  private readonly publisher: Redis;
  private readonly cancels: Redis | null = null;
  private readonly worker: Worker<JobData> | null = null;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly handedBack = new Set<string>();
  private readonly handedBackJobs: { kind: string; id: string }[] = [];
  private readonly cancelChannel: string;
  private readonly sweepTimer: NodeJS.Timeout | null = null;
  private subscribed: Promise<unknown> = Promise.resolve();
  private closing: Promise<void> | null = null;

  constructor(private readonly options: BullMqQueueOptions) {
    const { url, logger } = options;
    const prefix = options.prefix ?? 'tianma';
    this.cancelChannel = `${prefix}:cancel`;
    const onError = (what: string) => (error: Error) => logger.warn({ err: error }, `${what} error`);
    this.queue = new Queue<JobData>(QUEUE_NAME, {
      connection: { url },
      prefix,
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on('error', onError('bullmq queue'));
    this.publisher = new Redis(url, { enableOfflineQueue: false, connectionName: 'tianma-cancel-pub' });
    this.publisher.on('error', onError('redis cancel publisher'));
    if (!options.handler) return;

    this.worker = new Worker<JobData>(
      QUEUE_NAME,
      (job) => (job.name === GENERATE ? this.process(job.data.taskId) : this.runJob(job.name, job.data.taskId)),
      {
      connection: { url },
      prefix,
        concurrency: options.concurrency ?? 4,
      },
    );
    this.worker.on('error', onError('bullmq worker'));
    this.worker.on('failed', (job, error) => logger.error({ err: error, taskId: job?.data.taskId }, 'generation job failed'));
    this.cancels = new Redis(url, { connectionName: 'tianma-cancel-sub' });
    this.cancels.on('error', onError('redis cancel subscriber'));
    this.cancels.on('message', (_channel: string, taskId: string) => this.running.get(taskId)?.controller.abort(ABORT_CANCEL));
    this.subscribed = this.cancels.subscribe(this.cancelChannel).catch(onError('redis cancel subscribe'));
    this.sweepTimer = setInterval(() => void this.requeueOrphans(), options.requeueEveryMs ?? 30_000);
    this.sweepTimer.unref();
  }

  /** Never throws: the task is persisted first, and the sweep queues it if this add is lost. */
  async enqueue(taskId: string): Promise<void> {
    try {
      await within(this.queue.add(GENERATE, { taskId }, { jobId: taskId }), ENQUEUE_WAIT_MS, 'queueing a job');
    } catch (error) {
      this.options.logger.warn({ err: error, taskId }, 'queueing a generation job failed; the requeue sweep will retry');
    }
  }

  /** BullMQ names the job; the caller's record keeps a second submit of the same work from running it twice. */
  async submit(kind: string, id: string): Promise<void> {
    await within(this.queue.add(kind, { taskId: id }), ENQUEUE_WAIT_MS, `queueing a ${kind} job`);
  }

  /** Every worker process hears this; the one running the task aborts it. */
  async cancel(taskId: string): Promise<void> {
    this.running.get(taskId)?.controller.abort(ABORT_CANCEL);
    try {
      await this.publisher.publish(this.cancelChannel, taskId);
    } catch (error) {
      this.options.logger.warn({ err: error, taskId }, 'publishing a cancel on redis failed');
    }
  }

  /** Waiting and delayed jobs; a Redis round trip, so it also tells whether the queue is reachable. */
  async depth(): Promise<number> {
    if (this.closing) throw new Error('the queue is closed');
    const counts = await within(this.queue.getJobCounts('waiting', 'delayed'), DEPTH_WAIT_MS, 'counting jobs');
    return (counts.waiting ?? 0) + (counts.delayed ?? 0);
  }

  /** Resolves once this process takes jobs and hears cancels (start-up checks and tests). */
  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.worker?.waitUntilReady(), this.subscribed]);
  }

  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  private async process(taskId: string): Promise<void> {
    if (this.closing) {
      this.handedBack.add(taskId);
      return;
    }
    const task = await claimQueuedTask(this.options.db, this.workerId, taskId);
    if (!task) return; // running elsewhere, ended or cancelled: the database decides
    const controller = new AbortController();
    const done = this.options.handler!(task, controller.signal)
      .catch((error: unknown) => this.options.logger.error({ err: error, taskId }, 'generation task crashed'))
      .finally(() => this.running.delete(taskId));
    this.running.set(taskId, { controller, done });
    if (this.closing) this.handBack(taskId, controller);
    await done;
  }

  private async runJob(kind: string, id: string): Promise<void> {
    const run = this.options.jobs?.[kind];
    if (!run) {
      this.options.logger.error({ kind, id }, 'no handler for this job kind');
      return;
    }
    if (this.closing) {
      this.handedBackJobs.push({ kind, id });
      return;
    }
    const key = jobKey(kind, id);
    const controller = new AbortController();
    const done = run(id, controller.signal)
      .catch((error: unknown) => this.options.logger.error({ err: error, kind, id }, 'job crashed'))
      .finally(() => this.running.delete(key));
    this.running.set(key, { controller, done });
    await done;
    if (controller.signal.aborted && controller.signal.reason === ABORT_SHUTDOWN) this.handedBackJobs.push({ kind, id });
  }

  private handBack(taskId: string, controller: AbortController): void {
    this.handedBack.add(taskId);
    controller.abort(ABORT_SHUTDOWN);
  }

  /** Gives queued tasks that have waited a while a job; one that has a job already is left alone. */
  async requeueOrphans(olderThanMs = this.options.requeueAfterMs ?? 30_000): Promise<number> {
    try {
      const rows = await this.options.db
        .select({ taskId: generationTasks.taskId, attempts: generationTasks.attempts })
        .from(generationTasks)
        .where(and(eq(generationTasks.status, 'queued'), lt(generationTasks.updatedAt, new Date(Date.now() - olderThanMs))))
        .limit(100);
      if (rows.length > 0) {
        await this.queue.addBulk(rows.map(({ taskId, attempts }) => ({ name: 'generate', data: { taskId }, opts: { jobId: requeueJobId(taskId, attempts) } })));
      }
      return rows.length;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'requeueing queued generation tasks failed');
      return 0;
    }
  }

  /**
   * Running tasks are aborted with ABORT_SHUTDOWN (execute-task.ts puts them back to `queued`); once
   * the worker has let go of their jobs they are queued again at once, so another worker resumes
   * them without waiting for the sweep.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweepTimer) clearInterval(this.sweepTimer);
      for (const [key, { controller }] of this.running) {
        if (key.includes(':')) controller.abort(ABORT_SHUTDOWN);
        else this.handBack(key, controller);
      }
      await Promise.all([...this.running.values()].map((entry) => entry.done));
      // With Redis away BullMQ's close never ends; the tasks are safely back in the database by now.
      await within(this.worker?.close() ?? Promise.resolve(), WORKER_CLOSE_WAIT_MS, 'closing the bullmq worker').catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'closing the bullmq worker failed'),
      );
      for (const taskId of this.handedBack) await this.enqueue(taskId);
      for (const { kind, id } of this.handedBackJobs) {
        await this.submit(kind, id).catch((error: unknown) => this.options.logger.warn({ err: error, kind, id }, 'handing a job back failed'));
      }
      await Promise.all([this.queue.close().catch(() => undefined), closeConnection(this.publisher), this.cancels && closeConnection(this.cancels)]);
    })();
    return this.closing;
  }
}
