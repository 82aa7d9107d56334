import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { createLiveProviders } from '../../src/providers/live-providers.js';
import { providerSettings } from '../../src/providers/tables.js';
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, STRONG_PASSWORD } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

const KEY = 'sk-console-test-0123456789abcdef';

async function operatorOf(t: TestApp) {
  const op = await signedInUser(t);
  await setOperatorRole(t.database.db, op.username, true, '测试');
  expect((await post(t, '/api/admin/confirm', { password: STRONG_PASSWORD }, op.cookie)).statusCode).toBe(200);
  return op;
}

describe('connecting a model in the console, without a restart', () => {
  let t: TestApp;
  let fake: OpenAiFake;
  let cookie: string;
  beforeAll(async () => {
    fake = await startOpenAiFake();
    t = await createTestApp();
    cookie = (await operatorOf(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const put = (kind: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/providers/${kind}`, headers: { cookie }, payload });
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie } })).json().data as { kind: string; source: string; provider: string; keySet: boolean; status: string }[];
  const writer = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/system/status' })).json().data.writer;

  it('lists every kind with where it comes from; a fresh install writes offline', async () => {
    const kinds = await list();
    expect(kinds.map((k) => k.kind)).toEqual(['llm', 'embeddings', 'images', 'search', 'stock']);
    expect(kinds[0]).toMatchObject({ kind: 'llm', source: 'default', provider: 'offline', keySet: false, switchable: true });
    expect(await writer()).toBe('offline');
  });

  it('tests the model with a real call and stores nothing when it fails, saying why in Chinese', async () => {
    fake.enqueue({ status: 401, body: { error: { message: 'invalid api key', type: 'invalid_request_error' } } });
    const res = await put('llm', { provider: 'openai-compatible', baseUrl: fake.url, apiKey: 'wrong-key', model: 'fake-model' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'error', saved: false, message: expect.stringContaining('密钥无效') });
    expect(res.json().data.latencyMs).toEqual(expect.any(Number));
    expect(await t.database.db.select().from(providerSettings)).toEqual([]);
    expect(await writer()).toBe('offline');
  });

  it('switches the running product to a model that answers: the next task calls it; the key never comes back', async () => {
    fake.setResponder(() => ({ text: '好' }));
    const res = await put('llm', { provider: 'openai-compatible', baseUrl: fake.url, apiKey: KEY, model: 'fake-model', options: { writingModel: 'fake-writer' }, reason: '接入大模型' });
    expect(res.json().data).toMatchObject({ status: 'ok', saved: true });
    // The main model and the writing model were each asked once.
    expect(fake.requests.map((r) => r.body?.model)).toEqual(expect.arrayContaining(['fake-model', 'fake-writer']));
    expect(await writer()).toBe('model');
    const llm = (await list())[0]!;
    expect(llm).toMatchObject({ source: 'console', provider: 'openai-compatible', keySet: true, status: 'ok' });

    const [row] = await t.database.db.select().from(providerSettings).where(eq(providerSettings.kind, 'llm'));
    expect(row!.keyCiphertext).not.toContain(KEY);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie } });
    expect(listed.body).not.toContain(KEY);
    expect(t.logs.join('\n')).not.toContain(KEY);
    const [audit] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.target, 'provider:llm'));
    expect(audit).toMatchObject({ action: 'provider.set', reason: '接入大模型', after: { provider: 'openai-compatible', model: 'fake-model', keySet: true } });
    expect(JSON.stringify(audit)).not.toContain(KEY);

    // The next task is written by the model: the pipeline's calls reach the fake.
    const before = fake.requests.length;
    const user = await signedInUser(t);
    const task = await generate(t, user.cookie, { topic: '如何给家里的老人挑一部手机', settings: GUIDED });
    await waitForTask(t, task.json().task_id, 60_000);
    expect(fake.requests.length).toBeGreaterThan(before);
  });

  it('keeps the stored key when a later change leaves the key out', async () => {
    fake.setResponder(() => ({ text: '好' }));
    const res = await put('llm', { provider: 'openai-compatible', baseUrl: fake.url, model: 'fake-model-2' });
    expect(res.json().data).toMatchObject({ status: 'ok', saved: true });
    expect((await list())[0]).toMatchObject({ keySet: true, model: 'fake-model-2' });
  });

  it('refuses what it cannot switch and bad input, in Chinese', async () => {
    const stockWithoutKey = await put('stock', { provider: 'pixabay' });
    expect(stockWithoutKey.statusCode).toBe(400);
    expect(stockWithoutKey.json().message).toBe('请填写密钥');
    expect((await put('weather', {})).statusCode).toBe(404);
    const badUrl = await put('llm', { provider: 'openai-compatible', baseUrl: 'ftp://models.example', model: 'x' });
    expect(badUrl.json().message).toBe('接口地址必须是 http 或 https 开头的网址');
    const noModel = await put('llm', { provider: 'openai-compatible', baseUrl: fake.url, model: '' });
    expect(noModel.json().message).toBe('请填写模型名');
    const searx = await put('search', { provider: 'searxng' });
    expect(searx.json().message).toBe('SearXNG 需要填写实例地址');
  });
});

describe('providers set in the environment', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'env-model', LLM_API_KEY: 'env-key-secret' });
    cookie = (await operatorOf(t)).cookie;
  });
  afterAll(() => t.close());

  it('win over the console, are shown as such, and their key is not shown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie } });
    expect(res.json().data[0]).toMatchObject({ kind: 'llm', source: 'env', model: 'env-model', keySet: true });
    expect(res.body).not.toContain('env-key-secret');
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/providers/llm', headers: { cookie }, payload: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'x' } });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('大模型已由环境变量配置，环境变量优先，控制台的设置不会生效');
  });
});

describe('every process follows the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a process reads another process’s change within its refresh interval', async () => {
    const logger = pino({ level: 'silent' });
    const deps = { config: t.config, db: t.database.db, appSecret: 'test-secret-0123456789abcdef0123456789', logger, refreshMs: 50 };
    const writer = createLiveProviders(deps);
    const reader = createLiveProviders(deps);
    try {
      expect(reader.llm()).toBeNull();
      await t.database.db.insert(providerSettings).values({ kind: 'llm', provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', keyCiphertext: writer.sealKey('llm', 'k-1') });
      await expect.poll(() => reader.llm()?.model, { timeout: 5000 }).toBe('m');
      expect(reader.llm()?.apiKey).toBe('k-1');
      expect(reader.sourceOf('llm')).toBe('console');
      // A key sealed for another kind does not open here.
      await t.database.db.update(providerSettings).set({ keyCiphertext: writer.sealKey('search', 'k-2') }).where(eq(providerSettings.kind, 'llm'));
      await expect.poll(() => reader.llm(), { timeout: 5000 }).toBeNull();
    } finally {
      writer.close();
      reader.close();
    }
  });
});
