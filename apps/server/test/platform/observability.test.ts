import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiCompatibleLlm } from '../../src/providers/llm/openai-compatible.js';
import { isPrivateAddress } from '../../src/platform/observability/routes.js';
import { type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';
import { deleteKeys, REDIS_URL, uniquePrefix } from '../helpers/redis.js';

const TOKEN = 'metrics-token-0123456789abcdef';

const scrape = (t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample line, e.g. `tianma_generation_tasks{state="completed"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let fake: OpenAiFake;
  beforeAll(async () => {
    t = await createTestApp();
    fake = await startOpenAiFake();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('exposes every metric after a request, a generation, an order and a model call', async () => {
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '远程办公效率', settings: GUIDED })).json();
    expect((await waitForTask(t, taskId)).status).toBe('completed');
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } });
    expect(status.statusCode).toBe(200);

    const { outTradeNo } = (await createOrderViaHttp(t, user.cookie, 2000, 0)).json();
    expect((await post(t, `/api/account/pay/sandbox/${outTradeNo}/confirm`, {}, user.cookie)).json().success).toBe(true);

    // The model-call metrics belong to the process, which earlier test files of this worker share
    // (isolate: false): this call is measured by what it adds.
    const before = (await scrape(t)).body;
    const added = (text: string, series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    fake.enqueue({ text: '关键词', finishReason: 'stop', usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15, prompt_cache_hit_tokens: 8 } });
    const llm = new OpenAiCompatibleLlm({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-model', maxAttempts: 1 });
    await llm.chat({ purpose: 'keywords', messages: [{ role: 'user', content: '推荐关键词' }] });

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    for (const name of [
      'tianma_process_cpu_user_seconds_total',
      'tianma_nodejs_eventloop_lag_seconds',
      'tianma_http_request_duration_seconds',
      'tianma_generation_tasks',
      'tianma_queue_depth',
      'tianma_llm_request_duration_seconds',
      'tianma_llm_tokens_total',
      'tianma_payments_total',
      'tianma_payment_notifications_total',
      'tianma_generation_failures_total',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'tianma_generation_tasks{state="completed"}')).toBe(1);
    expect(sample(text, 'tianma_generation_tasks{state="queued"}')).toBe(0);
    expect(sample(text, 'tianma_queue_depth')).toBe(0);
    expect(sample(text, 'tianma_payments_total{outcome="created",provider="sandbox"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tianma_payments_total{outcome="paid",provider="sandbox"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tianma_payment_notifications_total{result="accepted"}')).toBeGreaterThanOrEqual(1);
    expect(added(text, 'tianma_llm_tokens_total{purpose="keywords",kind="prompt"}')).toBe(12);
    expect(added(text, 'tianma_llm_tokens_total{purpose="keywords",kind="completion"}')).toBe(3);
    expect(added(text, 'tianma_llm_tokens_total{purpose="keywords",kind="cached_prompt"}')).toBe(8);
    expect(added(text, 'tianma_llm_request_duration_seconds_count{purpose="keywords",outcome="ok"}')).toBe(1);
  });

  it('labels requests with the route pattern, never with ids', async () => {
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '时间管理', settings: GUIDED })).json();
    await waitForTask(t, taskId);
    await t.app.inject({ method: 'GET', url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } });
    // Not a number: a metric's value (heap bytes…) can hold any run of digits.
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/zq-id-7x' });
    const text = (await scrape(t)).body;
    expect(text).toContain('method="GET",route="/api/v1/articles/:taskId/status",status="200"');
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain(taskId);
    expect(text).not.toContain('zq-id-7x');
  });

  it('answers loopback and private-network callers when no token is set, and hides from the rest', async () => {
    expect((await scrape(t, { remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    const outside = await scrape(t, { remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('tianma_');
    // Relayed by a local proxy without TRUST_PROXY: the real caller is unknown, so no.
    expect((await scrape(t, { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
  });

  it('knows the private address ranges', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fd00::1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '192.169.0.1', '::ffff:8.8.8.8', '2001:db8::1', '11.0.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('GET /readyz', () => {
  it('is ready on PGlite: database ok, Redis skipped, queue ok', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'skipped', queue: 'ok' } });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN, and a database that goes away', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(async () => {
      await t.app.close();
      await t.close().catch(() => undefined); // the database is closed already
    });

    it('needs the bearer token for /metrics, from anywhere', async () => {
      expect((await scrape(t, { remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
      expect((await scrape(t)).statusCode).toBe(404);
      expect((await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(404);
      const allowed = await scrape(t, { remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('# TYPE tianma_http_request_duration_seconds histogram');
    });

    it('answers 503 naming the database once it is closed, with no connection details', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, checks: { database: 'failed', redis: 'skipped' } });
      expect(res.body).not.toMatch(/postgres|pglite|Error/i);
      // Metrics still answer while the database is away; the gauges are left empty.
      const metrics = await scrape(t, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.statusCode).toBe(200);
      expect(sample(metrics.body, 'tianma_generation_tasks{state="completed"}')).toBeUndefined();
    });
  });

  describe('with REDIS_URL', () => {
    const prefix = uniquePrefix();
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ REDIS_URL }, { generation: { redisPrefix: prefix } });
    });
    afterAll(async () => {
      await t.close();
      await deleteKeys(prefix);
    });

    it('checks Redis and the BullMQ queue', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'ok', queue: 'ok' } });
      const text = (await scrape(t)).body;
      expect(sample(text, 'tianma_queue_depth')).toBe(0);
    });
  });
});
