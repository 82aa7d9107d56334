import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStaleIndexes, reembedIndexes } from '../../src/knowledge/reembed.js';
import { kbChunks, kbSessions } from '../../src/knowledge/tables.js';
import type { EmbeddingsPort } from '../../src/providers/embeddings/embeddings-port.js';
import { OpenAiEmbeddings } from '../../src/providers/embeddings/openai-embeddings.js';
import { type EmbeddingsFake, fakeVector, startEmbeddingsFake } from '../fakes/embeddings-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { builtKnowledgeBase } from '../helpers/knowledge.js';

/*
 * The re-embedding job (decision 083): knowledge bases without vectors of the model in use get
 * them, one transaction each; a knowledge base rebuilt from other files meanwhile is left to its
 * build; an API that fails stops the job and leaves keyword search as it was.
 */

let t: TestApp;
let fake: EmbeddingsFake;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  fake = await startEmbeddingsFake();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const port = (model: string) => new OpenAiEmbeddings({ baseUrl: fake.url, apiKey: '', model, batchSize: 8 });
const sessionOf = async (id: string) => (await t.database.db.select().from(kbSessions).where(eq(kbSessions.id, id)))[0]!;
const chunksOf = (id: string) => t.database.db.select().from(kbChunks).where(eq(kbChunks.sessionId, id));

describe('re-embedding knowledge bases', () => {
  it('gives every live knowledge base vectors of the model in use, each chunk its own', async () => {
    const kb = await builtKnowledgeBase(t);
    const model = port('model-a');
    expect(await countStaleIndexes(t.database.db, 'model-a')).toBeGreaterThanOrEqual(1);
    const { reembedded } = await reembedIndexes({ db: t.database.db, embeddings: () => model, logger });
    expect(reembedded).toBeGreaterThanOrEqual(1);
    expect((await sessionOf(kb.sessionId)).embeddingModel).toBe('model-a');
    const chunks = await chunksOf(kb.sessionId);
    for (const chunk of chunks) expect(chunk.embedding).toEqual(fakeVector(chunk.content));
    expect(await countStaleIndexes(t.database.db, 'model-a')).toBe(0);
    // Nothing left: a second run asks the API nothing.
    fake.calls.length = 0;
    expect((await reembedIndexes({ db: t.database.db, embeddings: () => model, logger })).reembedded).toBe(0);
    expect(fake.calls).toEqual([]);
  });

  it('stops when the API fails, leaving the knowledge base as it was', async () => {
    const kb = await builtKnowledgeBase(t);
    fake.failWith(500);
    try {
      const { reembedded } = await reembedIndexes({ db: t.database.db, embeddings: () => port('model-b'), logger });
      expect(reembedded).toBe(0);
    } finally {
      fake.failWith(null);
    }
    expect((await sessionOf(kb.sessionId)).embeddingModel).toBeNull();
    expect((await chunksOf(kb.sessionId)).every((chunk) => chunk.embedding === null)).toBe(true);
  });

  it('leaves a knowledge base rebuilt from other files meanwhile to its build', async () => {
    const kb = await builtKnowledgeBase(t);
    // Other knowledge bases are done first, so that only this one is in flight below.
    const model = port('model-c');
    const others = await t.database.db.select({ id: kbSessions.id }).from(kbSessions);
    for (const other of others) if (other.id !== kb.sessionId) await t.database.db.update(kbSessions).set({ embeddingModel: 'model-c' }).where(eq(kbSessions.id, other.id));
    const racing: EmbeddingsPort = {
      model: 'model-c',
      embed: async (texts, signal) => {
        // While the vectors are made, the user's files change and the index is rebuilt from them.
        await t.database.db.update(kbSessions).set({ builtFiles: 'another-file-set' }).where(eq(kbSessions.id, kb.sessionId));
        return model.embed(texts, signal);
      },
    };
    const { reembedded } = await reembedIndexes({ db: t.database.db, embeddings: () => racing, logger });
    expect(reembedded).toBe(0);
    expect((await sessionOf(kb.sessionId)).embeddingModel).toBeNull();
    expect((await chunksOf(kb.sessionId)).every((chunk) => chunk.embedding === null)).toBe(true);
  });

  it('ends when the model in use changes under it', async () => {
    await builtKnowledgeBase(t);
    let calls = 0;
    const first = port('model-d');
    const { reembedded } = await reembedIndexes({
      db: t.database.db,
      embeddings: () => (calls++ < 1 ? first : port('model-e')),
      logger,
    });
    expect(reembedded).toBe(0);
  });
});
