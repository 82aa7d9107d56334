import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { countArticleWords } from '@tianma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleFeedback } from '../../src/feedback/tables.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

const userIdOf = async (owner: Owner) => (await t.database.db.select().from(users).where(eq(users.username, owner.username)))[0]!.id;

/** Inserts `n` articles for a user, oldest first, one minute apart. */
async function seedArticles(owner: Owner, n: number) {
  const userId = await userIdOf(owner);
  const base = Date.parse('2026-10-01T08:00:00Z');
  const rows = Array.from({ length: n }, (_, i) => ({
    articleId: `a${randomBytes(8).toString('hex')}`,
    userId,
    title: `第${i + 1}篇`,
    summary: `摘要${i + 1}`,
    content: `# 第${i + 1}篇\n\n正文${i + 1}`,
    createdAt: new Date(base + i * 60_000),
    updatedAt: new Date(base + i * 60_000),
  }));
  await t.database.db.insert(articles).values(rows);
  return rows;
}

const request = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /api/v1/articles/user/{deepspaceId}/page', () => {
  it('pages the owner’s articles, newest first, 8 by default', async () => {
    const owner = await signedInUser(t);
    await seedArticles(owner, 19);
    const first = await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page?page=1&size=8`, owner.cookie);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, page: 1, totalPages: 3, total: 19 });
    expect(body.data.map((item: { title: string }) => item.title)).toEqual(['第19篇', '第18篇', '第17篇', '第16篇', '第15篇', '第14篇', '第13篇', '第12篇']);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      deepspaceId: owner.deepspaceId,
      title: '第19篇',
      summary: '摘要19',
      articleId: expect.stringMatching(/^a[0-9a-f]{16}$/),
      ossUrl: `/api/v1/article/${body.data[0].articleId}`,
      imageUrl: null,
      createTime: '2026-10-01T08:18:00.000Z',
      updateTime: '2026-10-01T08:18:00.000Z',
      isPublic: false,
      wordCount: 0,
      topic: null,
      version: null,
      versions: null,
      repurposedFor: null,
      sourceArticleId: null,
    });
    const last = (await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page?page=3`, owner.cookie)).json();
    expect(last.data.map((item: { title: string }) => item.title)).toEqual(['第3篇', '第2篇', '第1篇']);
    const beyond = (await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page?page=4`, owner.cookie)).json();
    expect(beyond).toMatchObject({ success: true, data: [], page: 4, totalPages: 3 });
  });

  it('answers an empty first page for a new user', async () => {
    const owner = await signedInUser(t);
    const res = await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page`, owner.cookie);
    expect(res.json()).toEqual({ success: true, data: [], page: 1, totalPages: 0, total: 0 });
  });

  it('refuses another user’s list, a visitor, and bad paging', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await seedArticles(other, 2);
    const forged = await request('GET', `/api/v1/articles/user/${other.deepspaceId}/page`, owner.cookie);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ success: false, message: '无权访问其他用户的数据' });
    const visitor = await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page`, '');
    expect(visitor.statusCode).toBe(401);
    for (const query of ['page=0', 'page=-1', 'page=abc', 'size=0', 'size=51', 'page=1.5']) {
      const res = await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page?${query}`, owner.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('GET, PUT and DELETE /api/v1/article/{articleId}', () => {
  it('reads the markdown as text, for the owner only', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [row] = await seedArticles(owner, 1);
    const res = await request('GET', `/api/v1/article/${row!.articleId}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('# 第1篇\n\n正文1');
    expect((await request('GET', `/api/v1/article/${row!.articleId}`, other.cookie)).statusCode).toBe(404);
    expect((await request('GET', `/api/v1/article/${row!.articleId}`, '')).statusCode).toBe(401);
    expect((await request('GET', '/api/v1/article/..%2F..%2Fetc', owner.cookie)).statusCode).toBe(400);
  });

  it('saves an edit: title, summary, cover and word count follow the text', async () => {
    const owner = await signedInUser(t);
    const [row] = await seedArticles(owner, 1);
    const content = '# 新的标题\n\n![封面](/media/articles/other.png)\n\n这是修改之后的第一段正文，足够长，可以作为摘要使用了。\n\n## 小节\n\n更多内容。';
    const res = await request('PUT', `/api/v1/article/${row!.articleId}`, owner.cookie, { content });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '保存成功' });
    const [saved] = await t.database.db.select().from(articles).where(eq(articles.articleId, row!.articleId));
    expect(saved).toMatchObject({
      content,
      title: '新的标题',
      summary: '这是修改之后的第一段正文，足够长，可以作为摘要使用了。',
      imageUrl: '/media/articles/other.png',
    });
    // The one count rule (countArticleWords): 新的标题 4 + 这是…了。 27 + 小节 2 + 更多内容。 5.
    expect(saved!.wordCount).toBe(countArticleWords(content));
    expect(saved!.wordCount).toBe(38);
    expect(saved!.updatedAt.getTime()).toBeGreaterThan(row!.updatedAt.getTime());
    expect((await request('GET', `/api/v1/article/${row!.articleId}`, owner.cookie)).body).toBe(content);
    const listed = (await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page`, owner.cookie)).json();
    expect(listed.data[0]).toMatchObject({ title: '新的标题', articleId: row!.articleId, wordCount: 38 });
  });

  it('refuses empty, oversized or malformed edits and changes nothing', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [row] = await seedArticles(owner, 1);
    const cases: [unknown, number, string][] = [
      [{ content: '   \n ' }, 400, '文章内容不能为空'],
      [{}, 400, '文章内容不能为空'],
      [{ content: 42 }, 400, '文章内容不能为空'],
      [{ content: 'x'.repeat(100_001) }, 400, '文章内容不能超过100000个字符'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await request('PUT', `/api/v1/article/${row!.articleId}`, owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const stolen = await request('PUT', `/api/v1/article/${row!.articleId}`, other.cookie, { content: '# 被改了' });
    expect(stolen.statusCode).toBe(404);
    const [saved] = await t.database.db.select().from(articles).where(eq(articles.articleId, row!.articleId));
    expect(saved!.content).toBe(row!.content);
  });

  it('deletes an article for its owner only', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [row] = await seedArticles(owner, 1);
    expect((await request('DELETE', `/api/v1/article/${row!.articleId}`, other.cookie)).statusCode).toBe(404);
    const res = await request('DELETE', `/api/v1/article/${row!.articleId}`, owner.cookie);
    expect(res.json()).toEqual({ success: true, message: '文章已删除' });
    expect(await t.database.db.select().from(articles).where(eq(articles.articleId, row!.articleId))).toHaveLength(0);
    expect((await request('DELETE', `/api/v1/article/${row!.articleId}`, owner.cookie)).statusCode).toBe(404);
  });

  it('lists a generated article, and deleting it removes its images', async () => {
    const owner = await signedInUser(t);
    const started = (await generate(t, owner.cookie, { topic: '周末露营装备清单', deepspaceId: owner.deepspaceId, settings: GUIDED })).json();
    const task = await waitForTask(t, started.task_id);
    expect(task.status).toBe('completed');
    const listed = (await request('GET', `/api/v1/articles/user/${owner.deepspaceId}/page`, owner.cookie)).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ articleId: started.article_id, imageUrl: expect.stringMatching(/^\/media\/articles\//) });
    const cover = listed.data[0].imageUrl as string;
    expect((await t.app.inject({ url: cover })).statusCode).toBe(200);
    // The word count shown everywhere: the stored one is the stored text counted by the one rule.
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, started.article_id));
    expect(row!.wordCount).toBe(countArticleWords(row!.content));
    expect(listed.data[0].wordCount).toBe(row!.wordCount);
    // The cover's alt text is the article's title, not the raw topic or an image prompt.
    expect(row!.content).toContain(`![${row!.title}](${cover})`);
    await request('DELETE', `/api/v1/article/${started.article_id}`, owner.cookie);
    expect((await t.app.inject({ url: cover })).statusCode).toBe(404);
  });
});

describe('POST /api/v1/feedback', () => {
  const feedback = (cookie: string, payload: unknown) => post(t, '/api/v1/feedback', payload, cookie);

  it('stores a like about the user’s own article and general feedback', async () => {
    const owner = await signedInUser(t);
    const [row] = await seedArticles(owner, 1);
    const timestamp = '2026-11-22T10:00:00.000Z';
    const res = await feedback(owner.cookie, { type: 'dislike', content: '  结构不清晰，段落过长  ', timestamp, articleId: row!.articleId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: '感谢您的反馈' });
    expect((await feedback(owner.cookie, { type: 'like', content: '文章不错', timestamp: 'not a time' })).statusCode).toBe(200);
    const stored = await t.database.db.select().from(articleFeedback).where(eq(articleFeedback.userId, await userIdOf(owner)));
    expect(stored).toHaveLength(2);
    expect(stored.find((item) => item.type === 'dislike')).toMatchObject({
      articleId: row!.articleId,
      content: '结构不清晰，段落过长',
      clientTimestamp: new Date(timestamp),
    });
    expect(stored.find((item) => item.type === 'like')).toMatchObject({ articleId: null, clientTimestamp: null });
  });

  it('refuses bad input, visitors and other users’ articles, storing nothing', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [row] = await seedArticles(other, 1);
    const cases: [unknown, number, string][] = [
      [{ type: 'love', content: '好' }, 400, '请选择反馈类型'],
      [{ content: '好' }, 400, '请选择反馈类型'],
      [{ type: 'like', content: '   ' }, 400, '请填写反馈内容'],
      [{ type: 'like' }, 400, '请填写反馈内容'],
      [{ type: 'like', content: '好'.repeat(1001) }, 400, '反馈内容不能超过1000个字'],
      [{ type: 'like', content: '好', articleId: '<script>' }, 400, '文章ID格式无效'],
      [{ type: 'like', content: '好', articleId: row!.articleId }, 404, '未找到文章'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await feedback(owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect((await feedback('', { type: 'like', content: '好' })).statusCode).toBe(401);
    const stored = await t.database.db.select().from(articleFeedback).where(eq(articleFeedback.userId, await userIdOf(owner)));
    expect(stored).toHaveLength(0);
  });
});

describe('GET /api/v1/system/status', () => {
  it('says the offline composer writes when no model is configured', async () => {
    const res = await t.app.inject({ url: '/api/v1/system/status' });
    expect(res.json()).toEqual({ success: true, data: { ready: true, writer: 'offline', webSearch: false } });
  });
});
