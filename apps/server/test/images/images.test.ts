import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { multipart } from '../helpers/multipart.js';

/** The image library and the search by paragraph meaning, through HTTP, without stock sources. */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

async function upload(owner: Owner, caption: string | undefined, file: { filename: string; content: Buffer } = { filename: 'photo.png', content: PNG }) {
  const form = multipart([{ name: 'file', file: { ...file, contentType: 'image/png' } }, ...(caption === undefined ? [] : [{ name: 'caption', value: caption }])]);
  return t.app.inject({ method: 'POST', url: '/api/v1/images', headers: { ...form.headers, cookie: owner.cookie }, payload: form.payload });
}

const search = (owner: Owner, body: Record<string, unknown>) => post(t, '/api/v1/images/search', body, owner.cookie);

const LIBRARY = ['咖啡拉花的奶泡特写', '雨天的城市街道和行人', '猫咪在窗台上晒太阳', '手冲咖啡的滤杯、手冲壶和咖啡豆', '办公室里写满计划的会议白板', '登山徒步的背包和登山杖'];

describe('the image library', () => {
  it('keeps an uploaded picture with its caption and serves it', async () => {
    const owner = await signedInUser(t);
    const res = await upload(owner, '  咖啡拉花的奶泡  ');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ imageId: expect.stringMatching(/^img_[0-9a-f]{24}$/), url: expect.stringMatching(/^\/media\/images\//), caption: '咖啡拉花的奶泡' });
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes a meaningful file name as the caption when none is given, not a camera’s number', async () => {
    const owner = await signedInUser(t);
    expect((await upload(owner, undefined, { filename: '秋天的银杏大道.png', content: PNG })).json().data.caption).toBe('秋天的银杏大道');
    expect((await upload(owner, undefined, { filename: 'IMG_2041.png', content: PNG })).json().data.caption).toBe('');
  });

  it('refuses what is not a picture, an empty file, a visitor, and a form without a file, in Chinese', async () => {
    const owner = await signedInUser(t);
    const text = await upload(owner, '说明', { filename: 'a.png', content: Buffer.from('not an image at all') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('请上传图片文件（JPEG、PNG 或 WebP）');
    expect((await upload(owner, '空', { filename: 'a.png', content: Buffer.alloc(0) })).json().message).toBe('请选择要上传的图片');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/images', ...multipart([{ name: 'file', file: { filename: 'a.png', content: PNG } }]) });
    expect(visitor.statusCode).toBe(401);
    const noFile = await t.app.inject({ method: 'POST', url: '/api/v1/images', headers: { cookie: owner.cookie, 'content-type': 'application/json' }, payload: '{}' });
    expect(noFile.statusCode).toBe(400);
  });
});

describe('searching pictures by a paragraph’s meaning', () => {
  it('puts the picture a paragraph is about first', async () => {
    const owner = await signedInUser(t);
    for (const caption of LIBRARY) expect((await upload(owner, caption)).statusCode).toBe(200);
    const cases: [string, string][] = [
      ['周末在家手冲一杯咖啡：磨豆、闷蒸、注水，滤杯里的咖啡豆慢慢鼓起来，整个屋子都是香味。', '手冲咖啡的滤杯、手冲壶和咖啡豆'],
      ['家里的猫最喜欢窗台，下午的太阳照进来，它就趴在那里一动不动，晒得眯起眼睛。', '猫咪在窗台上晒太阳'],
      ['周一早上的例会上，大家把这周的计划一条条写在白板上，谁负责什么一目了然。', '办公室里写满计划的会议白板'],
      ['第一次登山徒步，背包别太重，登山杖能帮膝盖省不少力气。', '登山徒步的背包和登山杖'],
    ];
    for (const [paragraph, expected] of cases) {
      const res = await search(owner, { text: paragraph });
      expect(res.statusCode).toBe(200);
      const [best] = res.json().data;
      expect(best, paragraph).toMatchObject({ source: 'library', caption: expected, imageId: expect.any(String), url: expect.stringMatching(/^\/media\/images\//) });
      expect(best.score).toBeGreaterThan(0);
    }
  });

  it('answers nothing rather than a wrong picture for a paragraph about something else', async () => {
    const owner = await signedInUser(t);
    for (const caption of LIBRARY) await upload(owner, caption);
    const res = await search(owner, { text: '量子计算机用量子比特做运算，纠错是眼下最难的一关。' });
    expect(res.json().data).toEqual([]);
  });

  it('searches only the user’s own library, and their own article’s pictures', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    await upload(owner, '猫咪在窗台上晒太阳');
    expect((await search(stranger, { text: '猫咪在窗台上晒太阳' })).json().data).toEqual([]);

    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username));
    const articleId = `a${randomBytes(8).toString('hex')}`;
    await t.database.db.insert(articles).values({
      articleId,
      userId: user!.id,
      title: '养猫',
      content: `# 养猫\n\n![猫咪的猫砂盆和猫粮](/media/articles/${articleId}-1.png)\n\n正文`,
    });
    const withCards = (await search(owner, { text: '猫砂盆要每天清理，猫粮放在离猫砂盆远一点的地方。', articleId })).json().data;
    expect(withCards[0]).toMatchObject({ source: 'card', url: `/media/articles/${articleId}-1.png`, caption: '猫咪的猫砂盆和猫粮' });
    expect((await search(stranger, { text: '猫砂盆', articleId })).statusCode).toBe(404);
  });

  it('refuses an empty or oversized paragraph and a bad limit in Chinese', async () => {
    const owner = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, '请提供要配图的段落'],
      [{}, '请提供要配图的段落'],
      [{ text: '字'.repeat(5001) }, '段落太长，请只选一段文字（5000字以内）'],
      [{ text: '咖啡', limit: 31 }, '一次最多返回30张'],
    ];
    for (const [body, message] of cases) {
      const res = await search(owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('the query a paragraph makes', () => {
  it('cuts the paragraph as the captions are cut, and asks stock sites in words they know', async () => {
    const { queryTerms, stockQuery } = await import('../../src/images/search.js');
    const paragraph = '猫砂盆要每天清理，猫粮放在离猫砂盆远一点的地方。';
    const { captionTerms } = await import('../../src/images/search.js');
    // The words the paragraph and a caption share are cut the same way in both.
    for (const term of captionTerms('猫咪的猫砂盆和猫粮')) if (paragraph.includes(term)) expect(queryTerms(paragraph)).toContain(term);
    expect(queryTerms(paragraph)).toContain('清理');
    const query = stockQuery(paragraph);
    expect(query.split(' ').length).toBeLessThanOrEqual(3);
    expect(query).not.toContain('砂盆要');
    expect(query).toContain('清理');
  });
});
