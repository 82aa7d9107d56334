import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type S3Fake, startS3Fake } from '../fakes/s3-fake-server.js';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';
import { type ChildLine, LineChild } from './child-process.js';
import { freePort } from './ports.js';

/**
 * A whole deployment on loopback, the way docker-compose.yml runs it: `--role=api` and
 * `--role=worker` processes of the real server (apps/server/src/main.ts) against one PostgreSQL
 * and one Redis, with S3 storage, WeChat Pay and the model played by fakes on loopback.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const LLM_FAKE = path.join(REPO_ROOT, 'bench/llm-fake.ts');
const START_TIMEOUT_MS = 60_000;

export interface DeploymentOptions {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Each model call takes this long, so a kill can land mid-task. */
  llmLatencyMs: number;
  /** GENERATION_STALE_AFTER_MS of every process. */
  staleAfterMs: number;
}

export interface ServerProcess {
  role: 'api' | 'worker';
  name: string;
  child: LineChild;
  /** api: its base URL. */
  url: string;
  /** worker: the id it writes into generation_tasks.worker_id. */
  workerId: string;
}

const startedLog = (message: string) => (line: ChildLine) => line.msg === message;

export class Deployment {
  readonly processes: ServerProcess[] = [];
  private readonly dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-deploy-'));
  private serial = 0;

  private constructor(
    private readonly env: Record<string, string>,
    readonly wechatPay: WechatPayFake,
    readonly s3: S3Fake,
    private readonly llm: LineChild,
  ) {}

  static async start(options: DeploymentOptions): Promise<Deployment> {
    const [wechatPay, s3] = await Promise.all([startWechatPayFake(), startS3Fake()]);
    const llm = LineChild.start('llm fake', LLM_FAKE, {
      cwd: REPO_ROOT,
      env: { BENCH_LLM_LATENCY_MS: String(options.llmLatencyMs), BENCH_LLM_CHUNKS: '4' },
      holdStdin: true,
    });
    const { url: llmUrl } = await llm.waitFor('the fake model listening', (line) => typeof line.url === 'string', START_TIMEOUT_MS);
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      // Shared by every process, as in production: codes sent by one are checked by another.
      APP_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix,
      GENERATION_STALE_AFTER_MS: String(options.staleAfterMs),
      GENERATION_CONCURRENCY: '2',
      // One section at a time, so that a kill lands between saved and unsaved sections.
      GENERATION_SECTION_CONCURRENCY: '1',
      IMAGE_WORKERS: '0',
      LLM_BASE_URL: String(llmUrl),
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'test-key',
      PAYMENT_PROVIDER: 'wechat',
      WECHATPAY_BASE_URL: wechatPay.url,
      WECHATPAY_MCHID: wechatPay.mchid,
      WECHATPAY_APPID: wechatPay.appid,
      WECHATPAY_MCH_SERIAL_NO: wechatPay.merchantSerialNo,
      WECHATPAY_PRIVATE_KEY: wechatPay.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WECHATPAY_API_V3_KEY: wechatPay.apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: wechatPay.platformSerial,
      WECHATPAY_PUBLIC_KEY: wechatPay.platformPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
      WECHATPAY_NOTIFY_URL: 'https://tianma.example/api/account/pay/notify/wechat',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    return new Deployment(env, wechatPay, s3, llm);
  }

  /** Starts processes of the given roles at once and waits until each serves (api) or takes jobs (worker). */
  async add(...roles: ('api' | 'worker')[]): Promise<ServerProcess[]> {
    return Promise.all(roles.map((role) => this.startOne(role)));
  }

  private async startOne(role: 'api' | 'worker'): Promise<ServerProcess> {
    this.serial += 1;
    const name = `${role} ${this.serial}`;
    const port = await freePort();
    const dataDir = path.join(this.dataRoot, `${role}-${this.serial}`);
    const child = LineChild.start(name, MAIN, {
      cwd: REPO_ROOT,
      env: { ...this.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir },
      args: [`--role=${role}`],
    });
    const ready = await child.waitFor(
      role === 'api' ? 'the server listening' : 'the worker taking jobs',
      startedLog(role === 'api' ? '天马已启动' : '天马工作进程已启动'),
      START_TIMEOUT_MS,
    );
    const started: ServerProcess = { role, name, child, url: `http://127.0.0.1:${port}`, workerId: String(ready.workerId ?? '') };
    this.processes.push(started);
    return started;
  }

  /** Stops every process still running with SIGTERM and answers how each ended. */
  async stopAll(): Promise<Record<string, { code: number | null; signal: NodeJS.Signals | null }>> {
    const ends = await Promise.all(this.processes.filter((p) => p.child.alive).map(async (p) => [p.name, await p.child.stop()] as const));
    return Object.fromEntries(ends);
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.child.kill().catch(() => undefined)));
    await this.llm.kill().catch(() => undefined);
    await Promise.all([this.wechatPay.close(), this.s3.close()]);
    fs.rmSync(this.dataRoot, { recursive: true, force: true });
  }
}
