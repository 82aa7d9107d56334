import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test run uses, so runs can share one Redis. */
export function uniquePrefix(): string {
  return `tianma-test-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under the prefix. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

export interface Frame {
  id: number | undefined;
  data: { type: string; currentStep: string; details: Record<string, unknown> };
}

/** An SSE stream read as it arrives: `frames` grows live; `done` resolves when the server ends it. */
export async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { cookie }, signal: controller.signal });
  if (!res.headers.get('content-type')?.includes('text/event-stream')) throw new Error(`not a stream: ${res.status}`);
  const frames: Frame[] = [];
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data === undefined) continue;
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        frames.push({ id: id === undefined ? undefined : Number(id), data: JSON.parse(data) as Frame['data'] });
      }
    }
    return frames;
  })();
  return { frames, done, abort: () => controller.abort() };
}

export interface WorkerProcess {
  /** The worker's id, as it writes it into the tasks it claims. */
  workerId: string;
  output(): string;
  close(): Promise<void>;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts test/fixtures/bullmq-worker.ts as a real child process and waits until it takes jobs. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/bullmq-worker.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  try {
    const workerId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker not ready after ${timeoutMs} ms:\n${output}`)), timeoutMs);
      child.stdout!.on('data', () => {
        const match = /^ready (\S+)$/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`worker exited with ${code}:\n${output}`));
      });
    });
    return { workerId, output: () => output, close: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}
