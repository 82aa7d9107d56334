import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { freePort } from '../../scripts/script-support.mjs';
// @ts-expect-error plain ESM script without types
import { ensureWebBuild } from '../../scripts/web-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same product with a model configured: the fake OpenAI-compatible server of bench/llm-fake.ts. */
    modelBaseUrl: string;
    /** Seconds between two verification codes to one target on these servers. */
    codeResendSeconds: number;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
/**
 * The test servers allow a code to the same phone or e-mail every 10 s instead of every minute
 * (TEST_CODE_RESEND_SECONDS, refused in production), so the account journeys can send a second
 * code to an account they registered without waiting out a minute; long enough for a countdown
 * to be seen.
 */
const CODE_RESEND_SECONDS = 10;

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

interface Started {
  url: string;
  stop(): Promise<void>;
}

/** Starts the product in a temp data dir; `env` adds to the embedded defaults. */
async function startServer(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      TEST_CODE_RESEND_SECONDS: String(CODE_RESEND_SECONDS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(url, child, () => output);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The plausible fake model (a process of its own), answering each call after a fixed latency. */
async function startFakeModel(latencyMs: number): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/llm-fake.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_LLM_LATENCY_MS: String(latencyMs) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`fake model exited with ${code}`)));
  });
  return { url, stop: () => child.stdin!.end() };
}

/**
 * Builds the web app if needed and starts the product twice: on the embedded defaults (the
 * offline composer writes), and with a model configured (a fake one with 800 ms per call), so
 * that a browser can watch the steps of a generation that takes seconds, as with a real model.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const model = await startFakeModel(800);
  const [embedded, withModel] = await Promise.all([
    startServer(),
    startServer({ LLM_BASE_URL: model.url, LLM_API_KEY: 'e2e-key', LLM_MODEL: 'fake-writer' }),
  ]);
  project.provide('baseUrl', embedded.url);
  project.provide('modelBaseUrl', withModel.url);
  project.provide('codeResendSeconds', CODE_RESEND_SECONDS);

  return async () => {
    await Promise.all([embedded.stop(), withModel.stop()]);
    model.stop();
  };
}
