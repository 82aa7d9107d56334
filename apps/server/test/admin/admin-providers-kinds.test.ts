import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { kbChunks, kbSessions } from '../../src/knowledge/tables.js';
import { providerSettings } from '../../src/providers/tables.js';
import { type EmbeddingsFake, startEmbeddingsFake } from '../fakes/embeddings-fake-server.js';
import { post, STRONG_PASSWORD } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { builtKnowledgeBase } from '../helpers/knowledge.js';

/*
 * Embeddings, picture generation and stock photos switched in the console without a restart
 * (issue 21, point 6; decision 083): each tested with a real call to a fake on loopback, taken up
 * by the running app at once, and reset to the default; knowledge bases get vectors of the new
 * embeddings model in the background.
 */

const IMAGE_KEY = 'sk-image-console-0123456789';
const STOCK_KEY = 'pixabay-console-key-0123456789';

/** A fake images API and a fake Pixabay on one loopback server, each recording what it was asked. */
interface Fakes {
  url: string;
  imageCalls: { auth?: string; model?: string }[];
  stockQueries: { key: string | null; q: string | null }[];
  imageStatus: number;
  stockStatus: number;
  close(): Promise<void>;
}

async function startFakes(): Promise<Fakes> {
  const png = createCanvas(4, 3).toBuffer('image/png');
  const fakes = { imageCalls: [], stockQueries: [], imageStatus: 200, stockStatus: 200 } as unknown as Fakes;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/v1/images/generations') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      fakes.imageCalls.push({ auth: req.headers.authorization, model: (JSON.parse(raw) as { model?: string }).model });
      if (fakes.imageStatus !== 200) return void res.writeHead(fakes.imageStatus, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
    }
    if (url.pathname === '/api/') {
      fakes.stockQueries.push({ key: url.searchParams.get('key'), q: url.searchParams.get('q') });
      if (fakes.stockStatus !== 200) return void res.writeHead(fakes.stockStatus).end('[ERROR 400] Invalid or missing API key');
      const hit = (id: number, tags: string) => ({ id, pageURL: `https://pixabay.com/photos/${id}/`, tags, previewURL: `https://cdn.pixabay.com/p/${id}_150.jpg`, webformatURL: `https://pixabay.com/get/${id}_640.jpg`, largeImageURL: `https://pixabay.com/get/${id}_1280.jpg`, imageWidth: 4000, imageHeight: 2667, user: 'LiMing' });
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ total: 3, totalHits: 3, hits: [hit(21, '茶园, 采茶, 春天'), hit(22, '山, 风景'), hit(23, '湖, 风景')] }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fakes.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fakes.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fakes;
}

let t: TestApp;
let fakes: Fakes;
let embeddings: EmbeddingsFake;
let cookie: string;

beforeAll(async () => {
  fakes = await startFakes();
  embeddings = await startEmbeddingsFake();
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const op = await signedInUser(t);
  await setOperatorRole(t.database.db, op.username, true, '测试');
  expect((await post(t, '/api/admin/confirm', { password: STRONG_PASSWORD }, op.cookie)).statusCode).toBe(200);
  cookie = op.cookie;
});
afterAll(async () => {
  await t.close();
  await fakes.close();
  await embeddings.close();
});

const put = (kind: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/providers/${kind}`, headers: { cookie }, payload });
const reset = (kind: string, payload?: object) => t.app.inject({ method: 'DELETE', url: `/api/admin/providers/${kind}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const listed = async (kind: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie } })).json().data as { kind: string; source: string; provider: string; model: string | null; keySet: boolean; reembed?: { pending: number } }[]).find((k) => k.kind === kind)!;

const sessionModel = async (sessionId: string) => (await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId)))[0]!.embeddingModel;

describe('the embeddings model, switched in the console', () => {
  it('refuses a model that does not answer, stores nothing and says why in Chinese', async () => {
    embeddings.failWith(401);
    const res = await put('embeddings', { provider: 'openai-compatible', baseUrl: embeddings.url, apiKey: 'wrong', model: 'fake-embed-a' });
    embeddings.failWith(null);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'error', saved: false, message: expect.stringMatching(/^向量模型测试失败：/) });
    expect(await t.database.db.select().from(providerSettings).where(eq(providerSettings.kind, 'embeddings'))).toEqual([]);
    expect(await listed('embeddings')).toMatchObject({ source: 'default', provider: 'local' });
  });

  it('gives the knowledge bases built without vectors, then those of the old model, vectors of the model in use', async () => {
    const kb = await builtKnowledgeBase(t);
    expect(kb.session.embeddingModel).toBeNull();

    const res = await put('embeddings', { provider: 'openai-compatible', baseUrl: embeddings.url, model: 'fake-embed-a', reason: '接入向量模型' });
    expect(res.json().data).toMatchObject({ status: 'ok', saved: true, message: '连接成功，向量维度 64', reembed: { pending: expect.any(Number) } });
    await expect.poll(() => sessionModel(kb.sessionId), { timeout: 10_000 }).toBe('fake-embed-a');
    const chunks = await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, kb.sessionId));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => Array.isArray(chunk.embedding) && chunk.embedding.length === 64)).toBe(true);
    expect(await listed('embeddings')).toMatchObject({ source: 'console', provider: 'openai-compatible', model: 'fake-embed-a', keySet: false, reembed: { pending: 0 } });

    // The writing pipeline's retrieval asks the model now in use for the query's vector.
    embeddings.calls.length = 0;
    const passages = await t.app.generation.pipeline.knowledge!.search({ userId: kb.userId, sessionId: kb.sessionId, query: '气罐怎么放', topK: 3 });
    expect(passages.length).toBeGreaterThan(0);
    expect(embeddings.calls).toEqual([{ model: 'fake-embed-a', inputs: ['气罐怎么放'] }]);

    // Another model: the same knowledge base follows it; the key given is kept sealed.
    expect((await put('embeddings', { provider: 'openai-compatible', baseUrl: embeddings.url, apiKey: 'emb-key-0123456789', model: 'fake-embed-b' })).json().data.saved).toBe(true);
    await expect.poll(() => sessionModel(kb.sessionId), { timeout: 10_000 }).toBe('fake-embed-b');
    const [row] = await t.database.db.select().from(providerSettings).where(eq(providerSettings.kind, 'embeddings'));
    expect(row!.keyCiphertext).not.toContain('emb-key-0123456789');
    const [audit] = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.target, 'provider:embeddings'), eq(adminAudit.reason, '接入向量模型')));
    expect(audit).toMatchObject({ action: 'provider.set', after: { model: 'fake-embed-a', keySet: false } });
  });

  it('goes back to keyword retrieval when reset, with the reason in the audit log', async () => {
    const res = await reset('embeddings', { reason: '向量服务到期' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ removed: true });
    expect(await listed('embeddings')).toMatchObject({ source: 'default', provider: 'local' });
    expect((await listed('embeddings')).reembed).toBeUndefined();
    const [audit] = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'provider.reset'));
    expect(audit).toMatchObject({ target: 'provider:embeddings', reason: '向量服务到期', after: null, before: { model: 'fake-embed-b', keySet: true } });
    // Nothing left to reset: answered, and nothing is written.
    expect((await reset('embeddings')).json().data).toEqual({ removed: false });
    expect(await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'provider.reset'))).toHaveLength(1);
  });
});

describe('picture generation, switched in the console', () => {
  const images = () => t.app.generation.pipeline.images;

  it('asks for a key the first time and refuses a generator that fails', async () => {
    const noKey = await put('images', { provider: 'openai', baseUrl: `${fakes.url}/v1`, model: 'gpt-image-1' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('请填写密钥');
    fakes.imageStatus = 401;
    const refused = await put('images', { provider: 'openai', baseUrl: `${fakes.url}/v1`, apiKey: 'bad-key', model: 'gpt-image-1' });
    fakes.imageStatus = 200;
    expect(refused.json().data).toMatchObject({ status: 'error', saved: false, message: '配图测试失败：密钥无效或无权使用该模型（HTTP 401）' });
    expect(images().name).toBe('cards');
  });

  it('draws a real picture to test, then the running app draws with it; reset brings the cards back', async () => {
    fakes.imageCalls.length = 0;
    const res = await put('images', { provider: 'openai', baseUrl: `${fakes.url}/v1`, apiKey: IMAGE_KEY, model: 'gpt-image-1' });
    expect(res.json().data).toMatchObject({ status: 'ok', saved: true, message: '连接成功，已生成一张 4×3 的图片' });
    expect(fakes.imageCalls).toEqual([{ auth: `Bearer ${IMAGE_KEY}`, model: 'gpt-image-1' }]);
    expect(res.body).not.toContain(IMAGE_KEY);

    expect(images().name).toBe('openai');
    const picture = await images().generate({ kind: 'section', platform: 'wechat', title: '茶园的清晨' });
    expect(picture.madeBy).toBeUndefined();
    expect(fakes.imageCalls).toHaveLength(2);
    // A failure of the generator in use still gives a card, never a failed article.
    fakes.imageStatus = 500;
    const card = await images().generate({ kind: 'section', platform: 'wechat', title: '茶园的黄昏' });
    fakes.imageStatus = 200;
    expect(card.madeBy).toBe('cards');

    expect((await reset('images')).json().data).toEqual({ removed: true });
    expect(images().name).toBe('cards');
    expect(await listed('images')).toMatchObject({ source: 'default', provider: 'cards' });
  });
});

describe('stock photos, switched in the console', () => {
  const imgSrc = async () => {
    const page = await t.app.inject({ url: '/' });
    return String(page.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('img-src'))!.trim();
  };

  it('searches once to test, then the picture search and the page policy follow the source', async () => {
    expect(await imgSrc()).not.toContain('pixabay');
    fakes.stockStatus = 400;
    const refused = await put('stock', { provider: 'pixabay', baseUrl: `${fakes.url}/api/`, apiKey: 'wrong' });
    fakes.stockStatus = 200;
    expect(refused.json().data).toMatchObject({ status: 'error', saved: false, message: '图库测试失败：密钥无效（HTTP 400）' });

    const res = await put('stock', { provider: 'pixabay', baseUrl: `${fakes.url}/api/`, apiKey: STOCK_KEY });
    expect(res.json().data).toMatchObject({ status: 'ok', saved: true, message: '连接成功，返回 3 张图片' });
    expect(fakes.stockQueries.at(-1)).toEqual({ key: STOCK_KEY, q: '风景' });
    expect(await listed('stock')).toMatchObject({ source: 'console', provider: 'pixabay', keySet: true });
    expect(await imgSrc()).toContain('https://cdn.pixabay.com');

    const owner = await signedInUser(t);
    const search = await post(t, '/api/v1/images/search', { text: '春天去茶园看采茶，一垄垄茶树绿得发亮，采茶人的手指在枝头飞快地移动。' }, owner.cookie);
    expect(search.statusCode).toBe(200);
    expect(search.json().data[0]).toMatchObject({ source: 'pixabay', caption: '茶园, 采茶, 春天', licence: 'Pixabay Content License' });
  });

  it('does not lend one source’s key to another, and forgets the source when reset', async () => {
    const pexels = await put('stock', { provider: 'pexels', baseUrl: `${fakes.url}/v1` });
    expect(pexels.statusCode).toBe(400);
    expect(pexels.json().message).toBe('请填写密钥');
    expect((await reset('stock', { reason: '停用图库' })).json().data).toEqual({ removed: true });
    expect(await imgSrc()).not.toContain('pixabay');
    expect(await listed('stock')).toMatchObject({ source: 'default', provider: 'none' });
  });
});

describe('bad input and the environment', () => {
  it('answers unknown kinds with 404 and bad bodies with a Chinese message', async () => {
    expect((await reset('weather')).statusCode).toBe(404);
    expect((await put('stock', { provider: 'unsplash', apiKey: 'k' })).json().message).toBe('图库只支持 pixabay 或 pexels');
    expect((await put('images', { provider: 'openai', baseUrl: 'javascript:alert(1)', apiKey: 'k', model: 'm' })).json().message).toBe('接口地址必须是 http 或 https 开头的网址');
    expect((await put('embeddings', { provider: 'openai-compatible', baseUrl: embeddings.url, model: 'm', options: { batchSize: 0 } })).json().message).toBe('每批条数至少 1');
    expect((await reset('stock', { reason: 'x'.repeat(501) })).json().message).toBe('原因最多 500 字');
  });

  it('leaves a kind set in the environment alone', async () => {
    const envApp = await createTestApp({ EMBEDDINGS_BASE_URL: embeddings.url, EMBEDDINGS_MODEL: 'env-embed', PIXABAY_API_KEY: 'env-pixabay' });
    try {
      const op = await signedInUser(envApp);
      await setOperatorRole(envApp.database.db, op.username, true, '测试');
      await post(envApp, '/api/admin/confirm', { password: STRONG_PASSWORD }, op.cookie);
      const res = await envApp.app.inject({ method: 'PUT', url: '/api/admin/providers/embeddings', headers: { cookie: op.cookie }, payload: { provider: 'openai-compatible', baseUrl: embeddings.url, model: 'x' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('向量模型已由环境变量配置，环境变量优先，控制台的设置不会生效');
      const gone = await envApp.app.inject({ method: 'DELETE', url: '/api/admin/providers/stock', headers: { cookie: op.cookie } });
      expect(gone.statusCode).toBe(409);
      const list = (await envApp.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie: op.cookie } })).json().data;
      expect(list.find((k: { kind: string }) => k.kind === 'stock')).toMatchObject({ source: 'env', provider: 'pixabay', keySet: true });
      expect(JSON.stringify(list)).not.toContain('env-pixabay');
    } finally {
      await envApp.close();
    }
  });
});
