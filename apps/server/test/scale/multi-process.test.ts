import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { coinHolds, coinLedger, paymentOrders } from '../../src/billing/tables.js';
import { generationStageOutputs, generationTasks } from '../../src/generation/tables.js';
import { type Database, openDatabase, queryRows } from '../../src/platform/db/index.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { adminQuery, withDatabase } from '../global-setup.js';
import { LineChild, runningChildren } from '../helpers/child-process.js';
import { Deployment, type ServerProcess } from '../helpers/deployment.js';
import { GUIDED } from '../helpers/generation.js';
import { deleteKeys, openStream, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

/*
 * Issue 9, point 5: the product as docker-compose.yml deploys it — two `--role=api` and two
 * `--role=worker` processes of the real server on this machine's PostgreSQL and Redis (S3,
 * WeChat Pay and the model played by fakes on loopback) — and the faults a deployment meets: a
 * worker killed with SIGKILL mid-task, an api process killed while it handles WeChat Pay's
 * notification. Whatever happens, no coin is lost or counted twice (billing:reconcile).
 *
 * PostgreSQL only: processes cannot share an embedded PGlite database.
 */

const postgres = inject('postgresTemplate');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'Tianma#2025';
const COST = 67;
/** A silent worker is given up after this long (GENERATION_STALE_AFTER_MS). */
const STALE_AFTER_MS = 3000;
const NOTIFY_PATH = '/api/account/pay/notify/wechat';

let deployment: Deployment;
let database: Database;
let databaseName: string;
let redisPrefix: string;
let api: ServerProcess[];
let workers: ServerProcess[];

async function call(server: ServerProcess, url: string, init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  const res = await fetch(`${server.url}${url}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the caller looks at text
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Registers through one api (the code is sent by `a`, checked by `b`) and signs in through the other. */
async function newUser(a: ServerProcess, b: ServerProcess) {
  const id = randomBytes(4).toString('hex');
  const phone = `139${String(Number.parseInt(id, 16) % 100_000_000).padStart(8, '0')}`;
  const username = `mp_${id}`;
  const ip = `10.77.${Number.parseInt(id.slice(0, 2), 16)}.${Number.parseInt(id.slice(2, 4), 16)}`;
  expect((await call(a, '/api/account/sms/send-code', { method: 'POST', body: { phoneNumber: phone, type: 'REGISTER' }, ip })).status).toBe(200);
  const outbox = (await call(b, '/dev/outbox.json')).json as unknown as { to: string; code: string; purpose: string }[];
  const code = outbox.find((entry) => entry.to === phone && entry.purpose === 'REGISTER')?.code;
  expect(code, 'the code sent through one api is in the shared outbox').toBeTruthy();
  const registered = await call(b, '/api/account/auth/register', {
    method: 'POST',
    body: { username, phoneNumber: phone, type: 'REGISTER', email: '', password: PASSWORD, verificationCode: code },
    ip,
  });
  expect(registered.status, registered.text).toBe(200);
  const res = await fetch(`${a.url}/api/account/user/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  return { username, cookie, ip, id: row!.id, deepspaceId: row!.deepspaceId };
}

async function balanceVia(server: ServerProcess, cookie: string): Promise<number> {
  const me = await call(server, '/api/account/user/me', { cookie });
  expect(me.status, me.text).toBe(200);
  return (me.json.user as { userAuth: { coinBalance: number } }).userAuth.coinBalance;
}

async function ledgerOf(userId: number) {
  const rows = await database.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));
  return rows.map((row) => [row.kind, row.delta]);
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${deployment.processes.map((p) => p.child.report()).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!postgres)('a deployment of 2 api and 2 worker processes on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    // An empty database: the four processes start at once and migrate it between them.
    databaseName = `tianma_mp_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgres!.adminUrl, `CREATE DATABASE "${databaseName}"`);
    const url = withDatabase(postgres!.adminUrl, databaseName);
    redisPrefix = uniquePrefix();
    deployment = await Deployment.start({ databaseUrl: url, redisUrl: REDIS_URL, redisPrefix, llmLatencyMs: 250, staleAfterMs: STALE_AFTER_MS });
    const started = await deployment.add('api', 'api', 'worker', 'worker');
    api = started.filter((p) => p.role === 'api');
    workers = started.filter((p) => p.role === 'worker');
    database = await openDatabase({
      databaseUrl: url,
      dataDir: '',
      poolSize: 3,
      onIdleError: (error) => {
        if ((error as { code?: string }).code !== '57P01') throw error;
      },
    });
  }, 120_000);

  afterAll(async () => {
    await deployment?.close();
    await Promise.all([...runningChildren].map((child) => child.kill().catch(() => undefined)));
    await database?.close();
    if (databaseName) await adminQuery(postgres!.adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    if (redisPrefix) await deleteKeys(redisPrefix);
  }, 60_000);

  it('knows a session and a knowledge base on whichever api a request lands', async () => {
    const [a, b] = api as [ServerProcess, ServerProcess];
    const user = await newUser(a, b);
    expect(await balanceVia(b, user.cookie)).toBe(300);
    // The knowledge base is Pro only (decision 052): a paid month, made in the shared table.
    await database.db.update(users).set({ level: 1, subscriptionExpiry: sql`now() + interval '30 days'` }).where(eq(users.id, user.id));

    const form = new FormData();
    form.append('files', new Blob([Buffer.from('# 年度报告\n\n今年的读者增长了百分之四十二，主要来自小红书渠道。\n')], { type: 'text/markdown' }), '年度报告.md');
    const uploadRes = await fetch(`${a.url}/api/v1/temp_knowledge/upload`, { method: 'POST', body: form, headers: { cookie: user.cookie, 'x-forwarded-for': user.ip } });
    const uploaded = (await uploadRes.json()) as { success: boolean; session_id: string; file_list: { file_id: string }[] };
    expect(uploaded.success).toBe(true);
    // The file went to the shared bucket, not to api 1's disk.
    expect([...deployment.s3.objects.keys()].some((key) => key.includes(uploaded.session_id))).toBe(true);

    const listed = await call(b, `/api/v1/temp_knowledge/files/${uploaded.session_id}`, { cookie: user.cookie });
    expect(listed.json).toMatchObject({ success: true, file_list: [{ file_id: uploaded.file_list[0]!.file_id }] });
    expect((await call(b, `/api/v1/temp_knowledge/build/${uploaded.session_id}`, { method: 'POST', cookie: user.cookie })).json).toMatchObject({ success: true });
    const build = await fetch(`${a.url}/api/v1/temp_knowledge/build/stream/${uploaded.session_id}`, { headers: { cookie: user.cookie } });
    expect(build.headers.get('content-type')).toContain('text/event-stream');
    expect(await build.text()).toContain('"status":"completed"');
    expect((await call(b, `/api/v1/temp_knowledge/status/${uploaded.session_id}`, { cookie: user.cookie })).json).toMatchObject({ success: true, status: 'completed' });
  }, 60_000);

  it('streams a task started through one api from the other; with its worker killed mid-task, the other worker finishes it and charges once', async () => {
    const [a, b] = api as [ServerProcess, ServerProcess];
    const user = await newUser(b, a);
    const started = await call(a, '/api/v1/articles/generate', {
      method: 'POST',
      cookie: user.cookie,
      body: { topic: '多进程部署下的写作任务', advanced_mode: false, connection_id: null, settings: { ...GUIDED, length: 1500 } },
    });
    expect(started.json, started.text).toMatchObject({ status: 'success' });
    const taskId = String(started.json.task_id);
    const articleId = String(started.json.article_id);
    const stream = await openStream(`${b.url}/api/v1/articles/generate/stream/${taskId}`, user.cookie);

    // Kill whichever worker holds the task once it has saved a section.
    const [task] = await database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    const savedSections = () =>
      database.db
        .select({ key: generationStageOutputs.key })
        .from(generationStageOutputs)
        .where(and(eq(generationStageOutputs.taskId, task!.id), like(generationStageOutputs.key, 'section:%')));
    await until('a saved section', async () => (await savedSections()).length > 0);
    const [running] = await database.db.select().from(generationTasks).where(eq(generationTasks.id, task!.id));
    expect(running).toMatchObject({ status: 'running', attempts: 1 });
    const victim = workers.find((worker) => worker.workerId === running!.workerId)!;
    const survivor = workers.find((worker) => worker !== victim)!;
    expect(victim, `worker_id ${running!.workerId} is one of ours`).toBeDefined();
    expect((await victim.child.kill()).signal).toBe('SIGKILL');
    const savedAtKill = (await savedSections()).map((row) => row.key);

    const frames = await Promise.race([
      stream.done,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the stream did not end\n${survivor.child.report()}`)), 60_000)),
    ]);
    expect(frames[0]!.data.type).toBe('connection_established');
    const finals = frames.filter((frame) => ['completed', 'error'].includes(frame.data.currentStep));
    expect(finals.map((frame) => frame.data.currentStep)).toEqual(['completed']);
    const ids = frames.slice(1).map((frame) => frame.id!);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    const [done] = await database.db.select().from(generationTasks).where(eq(generationTasks.id, task!.id));
    expect(done).toMatchObject({ status: 'completed', attempts: 2, workerId: survivor.workerId });
    // The sections saved before the kill were kept, not written again.
    const outputs = await database.db.select().from(generationStageOutputs).where(eq(generationStageOutputs.taskId, task!.id));
    for (const key of savedAtKill) expect(outputs.filter((row) => row.key === key)).toHaveLength(1);

    const status = await call(a, `/api/v1/articles/${taskId}/status`, { cookie: user.cookie });
    expect(status.json).toMatchObject({ currentStep: 'completed', details: { article_id: articleId } });
    const [article] = await database.db.select().from(articles).where(eq(articles.articleId, articleId));
    expect(article!.content).toMatch(/^# /);
    // The cover: drawn by a worker, stored in the bucket, served by an api process.
    expect(article!.imageUrl).toMatch(/^\/media\//);
    const image = await fetch(`${b.url}${article!.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    expect(await balanceVia(a, user.cookie)).toBe(300 - COST);
    expect(await ledgerOf(user.id)).toEqual([
      ['registration_gift', 300],
      ['hold', -COST],
    ]);
    const holds = await database.db.select().from(coinHolds).where(eq(coinHolds.userId, user.id));
    expect(holds.map((hold) => [hold.status, hold.amount])).toEqual([['settled', COST]]);
  }, 120_000);

  it('hands a task back at once when its worker is stopped with SIGTERM mid-task; a fresh worker resumes it', async () => {
    const [a] = api as [ServerProcess];
    // The survivor of the kill above, and a worker started now: any number of workers can join.
    const [fresh] = await deployment.add('worker');
    workers = [...workers.filter((worker) => worker.child.alive), fresh!];
    const user = await newUser(a, a);
    const started = await call(a, '/api/v1/articles/generate', {
      method: 'POST',
      cookie: user.cookie,
      body: { topic: '滚动发布时的写作任务', advanced_mode: false, connection_id: null, settings: { ...GUIDED, length: 1500 } },
    });
    expect(started.json, started.text).toMatchObject({ status: 'success' });
    const taskId = String(started.json.task_id);
    const row = async () => (await database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]!;
    const holder = await until('the task running with a saved section', async () => {
      const task = await row();
      if (task.status !== 'running') return null;
      const saved = await database.db
        .select({ key: generationStageOutputs.key })
        .from(generationStageOutputs)
        .where(and(eq(generationStageOutputs.taskId, task.id), like(generationStageOutputs.key, 'section:%')));
      return saved.length > 0 ? workers.find((worker) => worker.workerId === task.workerId) : null;
    });

    expect(await holder.child.stop(), holder.child.report()).toEqual({ code: 0, signal: null });
    // Handed back before the process exited: no longer the stopped worker's, long before its
    // heartbeat could go stale (GENERATION_STALE_AFTER_MS) and the sweeper would step in.
    const right = await row();
    expect(right.workerId).not.toBe(holder.workerId);
    expect(['queued', 'running']).toContain(right.status);

    const other = workers.find((worker) => worker !== holder)!;
    const done = await until('the task completed', async () => {
      const task = await row();
      return task.status === 'completed' || task.status === 'error' ? task : null;
    }, 60_000);
    expect(done).toMatchObject({ status: 'completed', attempts: 2, workerId: other.workerId });
    expect(await balanceVia(a, user.cookie)).toBe(300 - COST);
    expect(await ledgerOf(user.id)).toEqual([
      ['registration_gift', 300],
      ['hold', -COST],
    ]);
  }, 120_000);

  it('credits a payment once when an api dies while handling its notification and WeChat retries through the other', async () => {
    const [a, b] = api as [ServerProcess, ServerProcess];
    const user = await newUser(b, b);
    const order = async () => {
      const res = await call(b, '/api/account/pay/create', { method: 'POST', cookie: user.cookie, body: { amount: 2000, payType: 0, description: '金币' } });
      expect(res.json, res.text).toMatchObject({ success: true });
      const outTradeNo = String(res.json.outTradeNo);
      deployment.wechatPay.markPaid(outTradeNo);
      return outTradeNo;
    };
    const credits = async (outTradeNo: string) => database.db.select().from(coinLedger).where(eq(coinLedger.ref, outTradeNo));
    const orderStatus = async (outTradeNo: string) => (await database.db.select().from(paymentOrders).where(eq(paymentOrders.outTradeNo, outTradeNo)))[0]!.status;

    // 1. Killed in the middle: api 1 is inside its crediting transaction, waiting for the order's
    // row lock (held here), when it dies. Its transaction must leave nothing behind.
    const first = await order();
    const locker = new pg.Client({ connectionString: withDatabase(postgres!.adminUrl, databaseName) });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM payment_orders WHERE out_trade_no = $1 FOR UPDATE', [first]);
      const delivery = deployment.wechatPay.deliverNotification(`${a.url}${NOTIFY_PATH}`, first).then(
        (status) => ({ status }),
        (error: unknown) => ({ error }),
      );
      await until('api 1 waiting for the order row', async () => {
        const waiting = await queryRows<{ n: string }>(
          database.db,
          sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%payment_orders%'`,
        );
        return Number(waiting[0]!.n) > 0;
      });
      expect((await a.child.kill()).signal).toBe('SIGKILL');
      expect(await delivery, 'WeChat got no answer, so it will retry').toHaveProperty('error');
      await locker.query('ROLLBACK');
    } finally {
      await locker.end();
    }
    expect(await credits(first)).toHaveLength(0);
    // WeChat's retry lands on the other api: credited once; a further retry changes nothing.
    expect(await deployment.wechatPay.deliverNotification(`${b.url}${NOTIFY_PATH}`, first)).toBe(204);
    expect(await deployment.wechatPay.deliverNotification(`${b.url}${NOTIFY_PATH}`, first)).toBe(204);
    expect(await credits(first)).toHaveLength(1);
    expect(await orderStatus(first)).toBe('paid');

    // 2. Killed at an arbitrary moment of a notification (before, during or after its commit): a
    // replacement api starts, the notification is retried through api 2 until answered.
    const [replacement] = await deployment.add('api');
    const second = await order();
    const delivery = deployment.wechatPay.deliverNotification(`${replacement!.url}${NOTIFY_PATH}`, second).catch(() => 'no answer');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await replacement!.child.kill();
    await delivery;
    expect(await deployment.wechatPay.deliverNotification(`${b.url}${NOTIFY_PATH}`, second)).toBe(204);
    expect(await credits(second)).toHaveLength(1);

    expect(await balanceVia(b, user.cookie)).toBe(300 + 1100 + 1100);
    expect(await ledgerOf(user.id)).toEqual([
      ['registration_gift', 300],
      ['purchase', 1100],
      ['purchase', 1100],
    ]);
  }, 120_000);

  it('reconciles clean (npm run billing:reconcile), and the processes left stop cleanly on SIGTERM', async () => {
    const reconcile = LineChild.start('billing:reconcile', path.join(REPO_ROOT, 'apps/server/src/billing/cli/reconcile.ts'), {
      cwd: REPO_ROOT,
      env: { DATABASE_URL: withDatabase(postgres!.adminUrl, databaseName), LOG_LEVEL: 'warn' },
    });
    const exit = await reconcile.exited;
    expect(exit, reconcile.report()).toEqual({ code: 0, signal: null });
    expect(reconcile.report()).toContain('对账通过');

    const totals = await queryRows<{ balances: string; ledger: string }>(
      database.db,
      sql`SELECT (SELECT coalesce(sum(coin_balance), 0) FROM users) AS balances, (SELECT coalesce(sum(delta), 0) FROM coin_ledger) AS ledger`,
    );
    expect(Number(totals[0]!.balances)).toBe(Number(totals[0]!.ledger));
    const stillRunning = await database.db.select().from(generationTasks).where(eq(generationTasks.status, 'running'));
    expect(stillRunning).toEqual([]);

    const ends = await deployment.stopAll();
    expect(Object.values(ends).every((end) => end.code === 0), JSON.stringify(ends)).toBe(true);
    expect(Object.keys(ends).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
