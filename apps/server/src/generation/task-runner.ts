import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../platform/db/index.js';
import { type GenerationTaskRow, generationTasks } from './tables.js';

/**
 * The job queue port. The in-process runner (default) claims queued tasks from the database
 * itself; a BullMQ implementation takes over when Redis is configured.
 */
export interface TaskQueue {
  /** What this process writes into generation_tasks.worker_id for the tasks it runs. */
  readonly workerId: string;
  /** Tells the workers a task is waiting. Tasks are persisted first, so nothing is lost if this is missed. */
  enqueue(taskId: string): Promise<void>;
  /**
   * Runs a job of another kind (JobHandlers) on the same workers. Its record is persisted by the
   * caller before; rejects when the job could not be handed to a worker.
   */
  submit(kind: string, id: string): Promise<void>;
  /** Asks whichever worker runs the task to stop it. */
  cancel(taskId: string): Promise<void>;
  /** Tasks waiting for a worker (metrics); rejects when the queue is closed or unreachable (readiness). */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export type TaskHandler = (task: GenerationTaskRow, signal: AbortSignal) => Promise<void>;

/**
 * Work besides generation tasks that runs on the same queue and workers, by kind (the
 * knowledge-base build). A job only names its record (`id`); the handler reads and writes that
 * record itself. The signal aborts with ABORT_SHUTDOWN when the worker stops.
 */
export type JobHandlers = Readonly<Record<string, (id: string, signal: AbortSignal) => Promise<void>>>;

/** The key of a running job in a queue's map of running work (task ids never hold a colon). */
export const jobKey = (kind: string, id: string) => `${kind}:${id}`;

const POLL_MS = 2000;

/** Why a running task's signal was aborted. */
export const ABORT_CANCEL = 'cancel';
export const ABORT_SHUTDOWN = 'shutdown';

/**
 * Marks a queued task as running under `workerId` and answers it: the oldest one, or only `taskId`
 * (BullMQ's job names it). Null when none is queued — with `taskId`, when it runs elsewhere, has
 * ended or was cancelled, so a redelivered job never runs a task twice. One UPDATE over
 * `FOR UPDATE SKIP LOCKED`, so workers sharing one PostgreSQL never claim the same task.
 */
export async function claimQueuedTask(db: Db, workerId: string, taskId?: string): Promise<GenerationTaskRow | null> {
  const onlyThis = taskId === undefined ? sql`` : sql`AND task_id = ${taskId}`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`UPDATE ${generationTasks}
        SET status = 'running', worker_id = ${workerId}, attempts = attempts + 1,
            started_at = coalesce(started_at, now()), heartbeat_at = now(), updated_at = now()
        WHERE id = (
          SELECT id FROM ${generationTasks} WHERE status = 'queued' ${onlyThis}
          ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  if (!row) return null;
  const [task] = await db.select().from(generationTasks).where(sql`${generationTasks.id} = ${row.id}`);
  return task ?? null;
}

export interface InProcessRunnerOptions {
  /**
   * Run once at start, before this runner claims anything: hands on the tasks that a process
   * known to be gone left 'running' (see createGenerationServices). Answers how many it touched.
   */
  recoverAtStart?: () => Promise<number>;
}

/**
 * Runs up to `concurrency` tasks at once in this process, claiming them from the database (which
 * it polls, so tasks requeued by a shutdown or the sweeper are picked up too).
 */
export class InProcessTaskRunner implements TaskQueue {
  readonly workerId = `worker-${randomUUID()}`;
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private claiming = false;
  private closed = false;
  /** Settles once the start-up recovery is over; until then nothing is claimed. */
  private readonly started: Promise<void>;
  private recovering = false;

  constructor(
    private readonly db: Db,
    private readonly handler: TaskHandler | null,
    private readonly logger: Logger,
    private readonly concurrency = 4,
    private readonly jobs: JobHandlers = {},
    options: InProcessRunnerOptions = {},
  ) {
    if (handler) {
      this.timer = setInterval(() => this.pump(), POLL_MS);
      this.timer.unref();
    }
    this.started = handler && options.recoverAtStart ? this.recover(options.recoverAtStart) : Promise.resolve();
  }

  private async recover(recoverAtStart: () => Promise<number>): Promise<void> {
    this.recovering = true;
    try {
      const touched = await recoverAtStart();
      if (touched > 0) this.logger.info({ touched }, 'tasks left running by the previous process handed on at start');
    } catch (error) {
      this.logger.error({ err: error }, 'handing on the previous process\'s tasks failed; the sweeper will');
    } finally {
      this.recovering = false;
      this.pump();
    }
  }

  async enqueue(): Promise<void> {
    this.pump();
  }

  /** In this process, at once: jobs are short and their record already says they are under way. */
  async submit(kind: string, id: string): Promise<void> {
    const run = this.jobs[kind];
    if (this.closed || !this.handler || !run) throw new Error(`no worker in this process runs ${kind} jobs`);
    const key = jobKey(kind, id);
    if (this.running.has(key)) return;
    const controller = new AbortController();
    const done = run(id, controller.signal)
      .catch((error) => this.logger.error({ err: error, kind, id }, 'job crashed'))
      .finally(() => this.running.delete(key));
    this.running.set(key, { controller, done });
  }

  async cancel(taskId: string): Promise<void> {
    this.running.get(taskId)?.controller.abort(ABORT_CANCEL);
  }

  async depth(): Promise<number> {
    if (this.closed) throw new Error('the task runner is closed');
    const [row] = await queryRows<{ n: number | string }>(this.db, sql`SELECT count(*) AS n FROM ${generationTasks} WHERE status = 'queued'`);
    return Number(row?.n ?? 0);
  }

  /** Claims and starts tasks while there is room. */
  pump(): void {
    if (!this.handler || this.claiming || this.closed || this.recovering) return;
    this.claiming = true;
    void this.claimLoop()
      .catch((error) => this.logger.error({ err: error }, 'claiming generation tasks failed'))
      .finally(() => {
        this.claiming = false;
      });
  }

  private async claimLoop(): Promise<void> {
    while (!this.closed && this.running.size < this.concurrency) {
      const task = await claimQueuedTask(this.db, this.workerId);
      if (!task) return;
      const controller = new AbortController();
      const done = this.handler!(task, controller.signal)
        .catch((error) => this.logger.error({ err: error, taskId: task.taskId }, 'generation task crashed'))
        .finally(() => {
          this.running.delete(task.taskId);
          this.pump();
        });
      this.running.set(task.taskId, { controller, done });
    }
  }

  /** Whether this process is running the task (the stream's cancel and the tests use it). */
  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.started;
    // Running tasks go back to the queue (their saved stages survive) rather than failing.
    for (const { controller } of this.running.values()) controller.abort(ABORT_SHUTDOWN);
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }
}
