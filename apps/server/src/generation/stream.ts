import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { type EventLogReader, eventFromRow } from './event-log-reader.js';
import type { EventBus, ProgressEvent } from './events.js';
import { generationEvents, type GenerationTaskRow, generationTasks } from './tables.js';
import { openEventStream } from '../platform/http/sse.js';

export const HEARTBEAT_INTERVAL_MS = 15_000;
export const GLOBAL_LIMIT_MS = 18 * 60 * 1000;
const FINAL_STEPS = new Set(['completed', 'error']);

export function isFinalTask(task: Pick<GenerationTaskRow, 'status'>): boolean {
  return task.status === 'completed' || task.status === 'error' || task.status === 'cancelled';
}

function frame(event: { id?: number; data: unknown }): string {
  return `${event.id !== undefined ? `id: ${event.id}\n` : ''}data: ${JSON.stringify(event.data)}\n\n`;
}

/** The bus and the log reader hand every stream of a task the same event object: serialise it once. */
const frames = new WeakMap<ProgressEvent, string>();
function eventFrame(event: ProgressEvent): string {
  let text = frames.get(event);
  if (text === undefined) {
    text = frame({ id: event.seq, data: { type: event.type, currentStep: event.currentStep, details: event.details } });
    frames.set(event, text);
  }
  return text;
}

/**
 * The progress stream of one task (API.md): `connection_established`, then the events the client
 * missed (after `Last-Event-ID`; 0 for all of them) or the current state, then live events, each with its `id`;
 * heartbeats every 15 s; `global_timeout` at 18 minutes; the stream ends after the final event.
 */
export async function streamTask(
  deps: { db: Db; bus: EventBus; log: EventLogReader },
  request: FastifyRequest,
  reply: FastifyReply,
  task: GenerationTaskRow,
  timing = { heartbeatMs: HEARTBEAT_INTERVAL_MS, globalLimitMs: GLOBAL_LIMIT_MS },
): Promise<void> {
  const raw = openEventStream(request, reply);
  raw.write('retry: 3000\n\n');

  let lastSent = 0;
  let ended = false;
  const pending: ProgressEvent[] = [];
  let replaying = true;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: () => void = () => undefined;
  let unfollow: () => void = () => undefined;

  const end = () => {
    if (ended) return;
    ended = true;
    for (const timer of timers) clearTimeout(timer);
    unsubscribe();
    unfollow();
    raw.end();
  };
  const send = (event: ProgressEvent) => {
    if (ended || event.seq <= lastSent) return;
    lastSent = event.seq;
    raw.write(eventFrame(event));
    if (FINAL_STEPS.has(event.currentStep)) end();
  };
  request.raw.on('close', end);

  // Subscribe before reading the database so nothing published in between is lost.
  unsubscribe = await deps.bus.subscribe(task.taskId, (event) => (replaying ? pending.push(event) : send(event)));
  raw.write(frame({ data: { type: 'connection_established', currentStep: task.currentStep, details: { message: '已连接到生成服务' } } }));

  // `Last-Event-ID: 0` asks for every event from the first (the client plays a fast task's steps
  // back in order, decision 055); a missing or empty header, the current state only.
  const header = request.headers['last-event-id'];
  const lastEventId = typeof header === 'string' && header.trim() !== '' ? Number(header) : Number.NaN;
  // Whether the task had ended when its state was read after subscribing: nothing more will come.
  let finished: boolean;
  if (Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
    lastSent = lastEventId;
    const missed = await deps.db
      .select()
      .from(generationEvents)
      .where(and(eq(generationEvents.taskId, task.id), gt(generationEvents.seq, lastEventId)))
      .orderBy(asc(generationEvents.seq));
    for (const row of missed) send(eventFromRow(row));
    const [latest] = ended ? [] : await deps.db.select({ status: generationTasks.status }).from(generationTasks).where(eq(generationTasks.id, task.id));
    finished = !latest || isFinalTask(latest);
  } else {
    const [current] = await deps.db.select().from(generationTasks).where(eq(generationTasks.id, task.id));
    if (current && current.eventSeq > 0) {
      send({ seq: current.eventSeq, type: 'progress', currentStep: current.currentStep, details: current.details as Record<string, unknown> });
    }
    finished = !current || isFinalTask(current);
  }
  replaying = false;
  for (const event of pending.splice(0)) send(event);
  if (ended) return;
  if (finished) {
    end();
    return;
  }

  // Events published in another process reach this one through the bus when Redis is configured;
  // the task's event log, read once a second for all of this process's streams of the task, also
  // covers a process without it, and any gap. A bus that sees every event (in-process, on PGlite)
  // needs no such reading.
  if (!deps.bus.seesEveryEvent) unfollow = deps.log.follow(task.id, { lastSeq: () => lastSent, deliver: send, fail: end });

  const beat = () => {
    if (ended) return;
    raw.write(': heartbeat\n\n');
    timers.push(setTimeout(beat, timing.heartbeatMs));
  };
  timers.push(setTimeout(beat, timing.heartbeatMs));
  const remaining = task.createdAt.getTime() + timing.globalLimitMs - Date.now();
  timers.push(
    setTimeout(() => {
      if (ended) return;
      const minutes = Math.round(timing.globalLimitMs / 60_000);
      raw.write(
        frame({
          data: {
            type: 'global_timeout',
            currentStep: task.currentStep,
            details: { message: `任务执行超时（${minutes}分钟），后台任务仍在执行中，请稍后在"我的文章"中查看`, duration: minutes },
          },
        }),
      );
      end();
    }, Math.max(0, remaining)),
  );
}
