import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paragraphTitle, plainParagraph } from '../../src/images/paragraph-picture.js';
import { FallbackImages } from '../../src/providers/images/fallback-images.js';
import type { GeneratedImage, ImagePort, ImageRequest } from '../../src/providers/images/image-port.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

/** POST /api/v1/images/generate: a new picture for one paragraph (the card renderer, or the image model). */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(32)]);

/** An image model that records what it was asked. */
class RecordingModel implements ImagePort {
  readonly name = 'openai' as const;
  requests: ImageRequest[] = [];
  failing = false;
  async generate(request: ImageRequest): Promise<GeneratedImage> {
    this.requests.push(request);
    if (this.failing) throw new Error('model down');
    return { bytes: PNG, contentType: 'image/png', width: 1080, height: 608, alt: request.title };
  }
}

const cards: ImagePort = { name: 'cards', generate: async (request) => ({ bytes: PNG, contentType: 'image/png', width: 1080, height: 608, alt: request.title }) };
const model = new RecordingModel();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generation: { images: new FallbackImages({ primary: model, fallback: cards, onFallback: () => undefined }) } });
});
afterAll(() => t.close());

async function ownArticle(cookie: string): Promise<string> {
  const res = await generate(t, cookie, { topic: '新手在家如何做一杯手冲咖啡', settings: GUIDED });
  const task = await waitForTask(t, res.json().task_id, 60_000);
  return task.articleId!;
}

const PARAGRAPH = '第一，称豆、研磨、烫滤纸。按自己想喝的量称好豆子，磨成和砂糖差不多粗细的粉。';

describe('a paragraph picture’s title', () => {
  it('is the first sentence’s opening clauses, without a lead-in or markdown', () => {
    expect(paragraphTitle(PARAGRAPH)).toBe('称豆、研磨、烫滤纸');
    expect(paragraphTitle('**其实，**周末在家冲一杯咖啡，比去咖啡馆排队更自在，也更便宜。')).toBe('周末在家冲一杯咖啡');
    expect([...paragraphTitle('一二三四五六七八九十一二三四五六七八九十一二三四五')].length).toBe(20);
  });

  it('reads links as their words and drops pictures and citation marks', () => {
    expect(plainParagraph('## 器具\n![图](/media/x.png)\n看[这篇指南](https://x.cn)就够了[1]')).toBe('器具 看这篇指南就够了');
  });
});

describe('POST /api/v1/images/generate', () => {
  it('draws the paragraph with the image model and stores the picture under the article', async () => {
    const user = await signedInUser(t);
    const articleId = await ownArticle(user.cookie);
    model.requests = [];
    const res = await post(t, '/api/v1/images/generate', { text: PARAGRAPH, articleId }, user.cookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ url: expect.stringMatching(new RegExp(`^/media/articles/${articleId}-\\d+\\.png$`)), caption: '称豆、研磨、烫滤纸', source: 'model' });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toMatchObject({ kind: 'section', platform: 'wechat', title: '称豆、研磨、烫滤纸' });
    expect(model.requests[0]!.prompt).toContain('磨成和砂糖差不多粗细的粉');
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers a card, said to be one, when the model fails', async () => {
    const user = await signedInUser(t);
    const articleId = await ownArticle(user.cookie);
    model.failing = true;
    try {
      const res = await post(t, '/api/v1/images/generate', { text: PARAGRAPH, articleId }, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.source).toBe('card');
    } finally {
      model.failing = false;
    }
  });

  it('refuses a visitor, another user’s article, an empty paragraph and one without words, in Chinese', async () => {
    const owner = await signedInUser(t);
    const articleId = await ownArticle(owner.cookie);
    const stranger = await signedInUser(t);
    expect((await post(t, '/api/v1/images/generate', { text: PARAGRAPH, articleId })).statusCode).toBe(401);
    const foreign = await post(t, '/api/v1/images/generate', { text: PARAGRAPH, articleId }, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('未找到文章');
    const empty = await post(t, '/api/v1/images/generate', { text: '  ', articleId }, owner.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('请提供要配图的段落');
    const picture = await post(t, '/api/v1/images/generate', { text: '![](/media/x.png)', articleId }, owner.cookie);
    expect(picture.statusCode).toBe(400);
    expect(picture.json().message).toBe('这一段没有文字，请选一段文字再生成配图');
    const noArticle = await post(t, '/api/v1/images/generate', { text: PARAGRAPH }, owner.cookie);
    expect(noArticle.statusCode).toBe(400);
    expect(noArticle.json().message).toBe('缺少文章');
  });
});
