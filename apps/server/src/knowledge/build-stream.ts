import { KB_BUILD_TIMEOUT_MS } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { kbSessions } from './tables.js';
import { openEventStream } from '../platform/http/sse.js';

const POLL_MS = 400;
const HEARTBEAT_MS = 15_000;

type BuildEvent = { progress: number; message: string; status: 'progress' | 'completed' | 'error' | 'warning' };

/**
 * The build's progress as server-sent events (API.md): read from the session row, so whichever
 * process runs the build, any process can stream it. Ends after completed or error, or when the
 * build outlives its 180 s.
 */
export async function streamBuild(db: Db, request: FastifyRequest, reply: FastifyReply, sessionId: string): Promise<void> {
  const raw = openEventStream(request, reply);
  let ended = false;
  let lastSent = '';
  let warned = false;
  const started = Date.now();
  let poll: NodeJS.Timeout | undefined;
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(poll);
    clearInterval(heartbeat);
    raw.end();
  };
  request.raw.on('close', end);
  const send = (event: BuildEvent) => {
    const data = JSON.stringify(event);
    if (data === lastSent) return;
    lastSent = data;
    raw.write(`data: ${data}\n\n`);
  };

  const tick = async () => {
    if (ended) return;
    const [row] = await db
      .select({ status: kbSessions.status, progress: kbSessions.progress, message: kbSessions.message, warning: kbSessions.warning })
      .from(kbSessions)
      .where(eq(kbSessions.id, sessionId));
    if (!row) {
      send({ progress: 0, message: '知识库会话已过期，请重新上传文件', status: 'error' });
      return end();
    }
    if (row.warning && !warned) {
      warned = true;
      send({ progress: row.progress, message: row.warning, status: 'warning' });
    }
    if (row.status === 'completed') {
      send({ progress: 100, message: row.message ?? '知识库构建完成', status: 'completed' });
      return end();
    }
    if (row.status === 'error' || row.status === 'none') {
      send({ progress: row.progress, message: row.message ?? (row.status === 'none' ? '知识库尚未开始构建' : '知识库构建失败'), status: 'error' });
      return end();
    }
    if (Date.now() - started > KB_BUILD_TIMEOUT_MS) {
      send({ progress: row.progress, message: '知识库构建超时，请稍后查看状态或重新构建', status: 'error' });
      return end();
    }
    send({ progress: row.progress, message: row.message ?? '正在构建知识库...', status: 'progress' });
    poll = setTimeout(() => void tick().catch(end), POLL_MS);
  };
  await tick().catch(end);
}
