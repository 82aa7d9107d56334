import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userImageVectors } from '../../src/images/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';
import { type EmbeddingsFake, startEmbeddingsFake } from '../fakes/embeddings-fake-server.js';

/** POST /api/v1/images/search with an embeddings API configured (a fake on loopback). */

const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

let t: TestApp;
let fake: EmbeddingsFake;
beforeAll(async () => {
  fake = await startEmbeddingsFake();
  t = await createTestApp({ EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_API_KEY: 'sk-embed-test', EMBEDDINGS_MODEL: 'fake-embed', EMBEDDINGS_BATCH_SIZE: '4' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function upload(cookie: string, caption: string): Promise<string> {
  const form = multipart([
    { name: 'file', file: { filename: 'photo.png', content: PNG(), contentType: 'image/png' } },
    { name: 'caption', value: caption },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/images', headers: { ...form.headers, cookie }, payload: form.payload });
  return res.json().data.imageId as string;
}

const CAPTIONS = ['手冲咖啡的滤杯、手冲壶和咖啡豆', '雨天的城市街道和行人', '猫咪在窗台上晒太阳', '登山徒步的背包和登山杖', '办公室里写满计划的会议白板', '咖啡拉花的奶泡特写'];

describe('the picture search with embeddings configured', () => {
  it('ranks by words and meaning, stores each caption vector once, then embeds only the paragraph', async () => {
    const user = await signedInUser(t);
    const ids = new Map<string, string>();
    for (const caption of CAPTIONS) ids.set(caption, await upload(user.cookie, caption));

    const res = await post(t, '/api/v1/images/search', { text: '周末在家用手冲壶和滤杯冲一杯咖啡，咖啡豆要现磨。' }, user.cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data[0]).toMatchObject({ imageId: ids.get('手冲咖啡的滤杯、手冲壶和咖啡豆'), source: 'library' });
    expect(data.map((candidate: { imageId: string }) => candidate.imageId)).not.toContain(ids.get('办公室里写满计划的会议白板'));

    // Every caption was embedded with the configured model, and kept.
    const embeddedCaptions = fake.calls.flatMap((call) => call.inputs);
    for (const caption of CAPTIONS) expect(embeddedCaptions).toContain(caption);
    expect(fake.calls.every((call) => call.model === 'fake-embed')).toBe(true);
    const stored = await t.database.db.select().from(userImageVectors).where(eq(userImageVectors.imageId, ids.get('猫咪在窗台上晒太阳')!));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.model).toBe('fake-embed');

    const before = fake.calls.length;
    const again = await post(t, '/api/v1/images/search', { text: '猫咪最喜欢在窗台上晒太阳' }, user.cookie);
    expect(again.json().data[0].imageId).toBe(ids.get('猫咪在窗台上晒太阳'));
    expect(fake.calls.slice(before).map((call) => call.inputs)).toEqual([['猫咪最喜欢在窗台上晒太阳']]);
  });

  it('still answers by words while the embeddings API fails', async () => {
    const user = await signedInUser(t);
    const cat = await upload(user.cookie, '猫咪在窗台上晒太阳');
    fake.failWith(500);
    try {
      const res = await post(t, '/api/v1/images/search', { text: '猫咪最喜欢在窗台上晒太阳' }, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0].imageId).toBe(cat);
    } finally {
      fake.failWith(null);
    }
  });
});
