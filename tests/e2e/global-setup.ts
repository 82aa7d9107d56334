import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { startWechatMpFake } from '../../apps/server/test/fakes/wechat-mp-fake.js';
import { type StartedProduct, startProduct } from './start-product.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same product with a model configured: the fake OpenAI-compatible server of bench/llm-fake.ts. */
    modelBaseUrl: string;
    /** Seconds between two verification codes to one target on these servers. */
    codeResendSeconds: number;
    /** An official account the fake WeChat of both servers (WECHAT_MP_API_BASE) knows: any other secret is refused with 40125. */
    wechatMpAccount: { appId: string; appSecret: string };
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

/** Starts the product in a temp data dir; `env` adds to the embedded defaults. */
function startServer(wechatMpBase: string, env: Record<string, string> = {}): Promise<StartedProduct> {
  return startProduct({ TRUST_PROXY: 'true', TEST_CODE_RESEND_SECONDS: String(CODE_RESEND_SECONDS), WECHAT_MP_API_BASE: wechatMpBase, ...env });
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
  const wechatMp = await startWechatMpFake();
  const wechatMpAccount = { appId: `wx${randomBytes(8).toString('hex')}`, appSecret: randomBytes(16).toString('hex') };
  wechatMp.accounts.set(wechatMpAccount.appId, { appSecret: wechatMpAccount.appSecret });
  const [embedded, withModel] = await Promise.all([
    startServer(wechatMp.url),
    startServer(wechatMp.url, { LLM_BASE_URL: model.url, LLM_API_KEY: 'e2e-key', LLM_MODEL: 'fake-writer' }),
  ]);
  project.provide('baseUrl', embedded.url);
  project.provide('modelBaseUrl', withModel.url);
  project.provide('codeResendSeconds', CODE_RESEND_SECONDS);
  project.provide('wechatMpAccount', wechatMpAccount);

  return async () => {
    await Promise.all([embedded.stop(), withModel.stop()]);
    model.stop();
    await wechatMp.close();
  };
}
