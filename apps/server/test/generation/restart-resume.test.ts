import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildLine, LineChild, runningChildren } from '../helpers/child-process.js';
import { GUIDED } from '../helpers/generation.js';
import { freePort } from '../helpers/ports.js';

/*
 * Issue 15: the single process of the default setup (`--role=all`, the embedded PGlite database, the
 * in-process runner) killed with SIGKILL mid-generation and started again on the same DATA_DIR. The
 * task must go on at once: the data directory's lock says no other process can be running it, so the
 * runner hands on what its predecessor left 'running' at start, instead of leaving it to the
 * sweeper after GENERATION_STALE_AFTER_MS (two minutes by default, kept here).
 *
 * The real server (apps/server/src/main.ts) runs as a child process, with the model played by the
 * fake of bench/llm-fake.ts at 300 ms a call, so the kill lands between sections.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const LLM_FAKE = path.join(REPO_ROOT, 'bench/llm-fake.ts');
const START_TIMEOUT_MS = 60_000;
/** Far less than the stale window (120 s): the resumed task must have moved by then. */
const RESUME_WITHIN_MS = 10_000;

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all([...runningChildren].map((child) => child.kill().catch(() => undefined)));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Polls `probe` until it answers something, or fails with `what` after `ms`; no fixed sleeps. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Server {
  child: LineChild;
  url: string;
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = LineChild.start(name, MAIN, { cwd: REPO_ROOT, env: { ...env, PORT: String(port), PUBLIC_URL: url }, args: ['--role=all'] });
  await child.waitFor('the server listening', (line: ChildLine) => line.msg === '天马已启动', START_TIMEOUT_MS);
  return { child, url };
}

async function call(server: Server, pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** A registered, signed-in user of the server (codes read from the dev outbox). */
async function signedIn(server: Server): Promise<string> {
  const n = String(Date.now()).slice(-8);
  const phoneNumber = `137${n}`;
  const username = `restart_${n}`;
  expect((await call(server, '/api/account/sms/send-code', { method: 'POST', body: { phoneNumber, type: 'REGISTER' } })).status).toBe(200);
  const outbox = (await (await fetch(`${server.url}/dev/outbox.json`)).json()) as { to: string; code: string }[];
  const code = outbox.find((entry) => entry.to === phoneNumber)!.code;
  const password = 'Tianma#2025';
  const registered = await call(server, '/api/account/auth/register', { method: 'POST', body: { username, phoneNumber, type: 'REGISTER', password, verificationCode: code } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const login = await fetch(`${server.url}/api/account/user/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((cookie) => cookie.startsWith('tm_session='))!.split(';')[0]!;
}

interface Status {
  currentStep: string;
  status: string;
  eventId: number;
  details: { message?: string };
}

const status = async (server: Server, taskId: string, cookie: string) => (await call(server, `/api/v1/articles/${taskId}/status`, { cookie })).body as unknown as Status;

describe('the single process killed mid-generation and started again (PGlite, in-process runner)', () => {
  it('goes on with the task at once, not after the stale window', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-restart-'));
    dirs.push(dataDir);
    const llm = LineChild.start('llm fake', LLM_FAKE, { cwd: REPO_ROOT, env: { BENCH_LLM_LATENCY_MS: '300', BENCH_LLM_CHUNKS: '2' }, holdStdin: true });
    const { url: llmUrl } = await llm.waitFor('the fake model listening', (line) => typeof line.url === 'string', START_TIMEOUT_MS);
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LLM_BASE_URL: String(llmUrl),
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'test-key',
      // One section at a time, so that the kill lands between saved and unsaved sections.
      GENERATION_SECTION_CONCURRENCY: '1',
      IMAGE_WORKERS: '0',
    };

    const first = await startServer('server 1', env);
    const cookie = await signedIn(first);
    const started = await call(first, '/api/v1/articles/generate', {
      method: 'POST',
      cookie,
      body: { topic: '被强制结束后重启的任务', advanced_mode: false, connection_id: null, settings: { ...GUIDED, length: 2000 } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const taskId = String(started.body.task_id);

    // Killed once a section is written and others are still to come.
    await until(
      'a written section',
      async () => {
        const now = await status(first, taskId, cookie);
        return now.currentStep === 'parallel_section_generation' && /已完成 [1-9]\d*\//.test(now.details.message ?? '') ? now : undefined;
      },
      60_000,
    );
    expect((await first.child.kill()).signal).toBe('SIGKILL');

    const second = await startServer('server 2', env);
    const restartedAt = Date.now();
    const left = await status(second, taskId, cookie);
    expect(left.status, JSON.stringify(left)).not.toBe('completed');

    // Progress again within seconds: a new event, or the end.
    const moved = await until('progress after the restart', async () => {
      const now = await status(second, taskId, cookie);
      return now.eventId > left.eventId || now.status === 'completed' ? now : undefined;
    }, RESUME_WITHIN_MS);
    expect(Date.now() - restartedAt).toBeLessThan(RESUME_WITHIN_MS);
    expect(moved.status).not.toBe('error');

    const done = await until('the end of the task', async () => {
      const now = await status(second, taskId, cookie);
      return now.status === 'completed' || now.status === 'error' ? now : undefined;
    }, 60_000);
    expect(done).toMatchObject({ status: 'completed', currentStep: 'completed' });
    const article = await call(second, `/api/v1/articles/articles/${started.body.article_id}`, { cookie });
    expect(article.body).toMatchObject({ code: 0, status: 'success' });

    expect((await second.child.stop()).code).toBe(0);
    await llm.kill();
  }, 180_000);
});
