import { KB_BUILD_TIMEOUT_MS } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { openEventStream } from '../platform/http/sse.js';
import { type BuildEvent, type BuildEventBus, buildChannel } from './build-ports.js';
import { kbSessions } from './tables.js';

const HEARTBEAT_MS = 15_000;
/**
 * How often the stream re-reads the session row when the bus may not carry every event (several
 * processes on one PostgreSQL without Redis), and as a safety net for a lost Redis message.
 */
const REREAD_MS = 2000;

const TERMINAL = new Set<BuildEvent['status']>(['completed', 'error']);

/** The state of a build as its session row tells it; null when the session is gone. */
async function readState(db: Db, sessionId: string): Promise<{ event: BuildEvent; warning: string | null } | null> {
  const [row] = await db
    .select({ status: kbSessions.status, progress: kbSessions.progress, message: kbSessions.message, warning: kbSessions.warning })
    .from(kbSessions)
    .where(eq(kbSessions.id, sessionId));
  if (!row) return null;
  const event: BuildEvent =
    row.status === 'completed'
      ? { progress: 100, message: row.message ?? '知识库构建完成', status: 'completed' }
      : row.status === 'error' || row.status === 'none'
        ? { progress: row.progress, message: row.message ?? (row.status === 'none' ? '知识库尚未开始构建' : '知识库构建失败'), status: 'error' }
        : { progress: row.progress, message: row.message ?? '正在构建知识库...', status: 'progress' };
  return { event, warning: row.warning };
}

/**
 * The build's progress as server-sent events (API.md): the row's state first, then the build's
 * events from the event bus, whichever process runs it. Ends after completed or error, or when
 * the build outlives its 180 s.
 */
export async function streamBuild(deps: { db: Db; bus: BuildEventBus }, request: FastifyRequest, reply: FastifyReply, sessionId: string): Promise<void> {
  const raw = openEventStream(request, reply);
  let ended = false;
  let lastSent = '';
  let warned = false;
  let unsubscribe: (() => void) | null = null;
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    for (const timer of timers) clearInterval(timer);
    unsubscribe?.();
    raw.end();
  };
  request.raw.on('close', end);
  const send = (event: BuildEvent) => {
    if (ended) return;
    if (event.status === 'warning') {
      if (warned) return;
      warned = true;
    }
    const data = JSON.stringify(event);
    if (data === lastSent) return;
    lastSent = data;
    raw.write(`data: ${data}\n\n`);
    if (TERMINAL.has(event.status)) end();
  };
  const sendState = async () => {
    const state = await readState(deps.db, sessionId);
    if (!state) return send({ progress: 0, message: '知识库会话已过期，请重新上传文件', status: 'error' });
    if (state.warning) send({ progress: state.event.progress, message: state.warning, status: 'warning' });
    send(state.event);
  };

  try {
    // Subscribed before the row is read: an event published in between is not lost.
    unsubscribe = await deps.bus.subscribe(buildChannel(sessionId), (event) => send(event.details as BuildEvent));
    if (ended) return unsubscribe();
    await sendState();
  } catch (error) {
    request.log.warn({ err: error, sessionId }, 'build stream failed to start');
    return end();
  }
  if (ended) return;
  timers.push(setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS));
  if (!deps.bus.seesEveryEvent) timers.push(setInterval(() => void sendState().catch(end), REREAD_MS));
  timers.push(
    setTimeout(() => {
      const progress = JSON.parse(lastSent || '{"progress":0}').progress as number;
      send({ progress, message: '知识库构建超时，请稍后查看状态或重新构建', status: 'error' });
    }, KB_BUILD_TIMEOUT_MS),
  );
}
