import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnowledgeRetriever } from '../../src/knowledge/retrieve.js';
import { kbChunks, kbSessions } from '../../src/knowledge/tables.js';
import { EmbeddingsError } from '../../src/providers/embeddings/embeddings-port.js';
import { OpenAiEmbeddings } from '../../src/providers/embeddings/openai-embeddings.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInProUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';
import { type EmbeddingsFake, startEmbeddingsFake } from '../fakes/embeddings-fake-server.js';

const SECRET = 'sk-embeddings-secret-123';
let t: TestApp;
let fake: EmbeddingsFake;

beforeAll(async () => {
  fake = await startEmbeddingsFake();
  t = await createTestApp({ TRUST_PROXY: 'true', EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_API_KEY: SECRET, EMBEDDINGS_MODEL: 'fake-embed', EMBEDDINGS_BATCH_SIZE: '4' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const TEXT = `# 露营\n\n${'帐篷要选双层防雨款，营地尽量平整，远离河床与低洼处。'.repeat(25)}\n\n## 炊具\n\n${'卡式炉和气罐要分开放置，做饭时注意通风与防火。'.repeat(25)}`;

async function builtSession(text = TEXT) {
  const user = await signedInProUser(t);
  const body = multipart([
    { name: 'session_id', value: '' },
    { name: 'files', file: { filename: '露营.md', content: Buffer.from(text) } },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/temp_knowledge/upload', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
  const sessionId = res.json().session_id as string;
  await t.app.inject({ method: 'POST', url: `/api/v1/temp_knowledge/build/${sessionId}`, headers: { cookie: user.cookie } });
  const stream = await t.app.inject({ url: `/api/v1/temp_knowledge/build/stream/${sessionId}`, headers: { cookie: user.cookie } });
  const events = stream.body
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice(6)) as { status: string; message: string });
  const [row] = await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, sessionId));
  return { sessionId, userId: row!.userId, events, session: row! };
}

describe('knowledge base with an embeddings API', () => {
  it('stores a vector per chunk, in batches of the configured size, and ranks by hybrid fusion', async () => {
    fake.failWith(null);
    fake.calls.length = 0;
    const { sessionId, userId, events, session } = await builtSession();
    expect(events.at(-1)?.status).toBe('completed');
    expect(session.embeddingModel).toBe('fake-embed');
    const chunks = await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId));
    expect(chunks.every((chunk) => Array.isArray(chunk.embedding) && chunk.embedding.length === 64)).toBe(true);
    expect(fake.calls.every((call) => call.model === 'fake-embed' && call.inputs.length <= 4)).toBe(true);
    expect(fake.calls.flatMap((call) => call.inputs)).toHaveLength(chunks.length);

    const retriever = new KnowledgeRetriever({ db: t.database.db, embeddings: () => new OpenAiEmbeddings({ baseUrl: fake.url, apiKey: SECRET, model: 'fake-embed' }) });
    const before = fake.calls.length;
    const found = await retriever.search({ userId, sessionId, query: '做饭时的通风防火', topK: 1 });
    expect(found[0]!.content).toContain('卡式炉');
    expect(fake.calls.length).toBe(before + 1); // the query was embedded
  });

  it('streams index/total progress while a slow build runs, batch by batch', async () => {
    fake.failWith(null);
    fake.delayAnswers(150);
    try {
      // Enough text for three build batches (16 chunks each), each waiting on four slow embedding calls.
      const long = Array.from({ length: 40 }, (_, i) => `## 第 ${i + 1} 节\n\n${'露营时要提前检查天气，准备足够的饮用水和保暖衣物，营地选在平坦避风处。'.repeat(12)}`).join('\n\n');
      const { events } = await builtSession(long);
      const steps = events
        .filter((event) => event.status === 'progress')
        .flatMap((event) => {
          const found = /正在构建索引 (\d+)\/(\d+)/.exec(event.message);
          return found ? [[Number(found[1]), Number(found[2])] as const] : [];
        });
      expect(steps.length, JSON.stringify(events)).toBeGreaterThan(0);
      const total = steps[0]![1];
      expect(total).toBeGreaterThanOrEqual(3);
      expect(steps.every(([index, of]) => of === total && index >= 1 && index <= total), JSON.stringify(steps)).toBe(true);
      expect(steps.map(([index]) => index)).toEqual([...steps.map(([index]) => index)].sort((a, b) => a - b));
      expect(events.at(-1)?.status).toBe('completed');
    } finally {
      fake.delayAnswers(0);
    }
  }, 30_000);

  it('falls back to keyword search with a warning when the embeddings API fails', async () => {
    fake.failWith(500);
    const { sessionId, events, session } = await builtSession();
    expect(events.some((event) => event.status === 'warning' && event.message.includes('已改用关键词检索'))).toBe(true);
    expect(events.at(-1)?.status).toBe('completed');
    expect(session.embeddingModel).toBeNull();
    const chunks = await t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, sessionId));
    expect(chunks.every((chunk) => chunk.embedding === null)).toBe(true);
    expect(t.logs.join('\n')).not.toContain(SECRET);
    fake.failWith(null);
  });
});

describe('OpenAiEmbeddings', () => {
  it('answers vectors in input order and hides the key and address in its errors', async () => {
    const embeddings = new OpenAiEmbeddings({ baseUrl: fake.url, apiKey: SECRET, model: 'm', batchSize: 2 });
    const vectors = await embeddings.embed(['甲乙丙', '丁戊己', '庚辛壬']);
    expect(vectors).toHaveLength(3);
    fake.failWith(401);
    const error = await embeddings.embed(['x']).catch((caught: unknown) => caught);
    fake.failWith(null);
    expect(error).toBeInstanceOf(EmbeddingsError);
    expect((error as EmbeddingsError).userMessage).toBe('向量模型服务暂时不可用，请稍后重试');
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).not.toContain('127.0.0.1');
  });
});
