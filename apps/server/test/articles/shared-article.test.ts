import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://tianma.example.com' });
});
afterAll(() => t.close());

const HOSTILE_TITLE = `"引号" <script>alert(1)</script> 🎉 & 'x'`;

async function insertArticle(owner: Awaited<ReturnType<typeof signedInUser>>, values: Partial<typeof articles.$inferInsert> = {}) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, owner.username));
  const articleId = `s${randomBytes(10).toString('hex')}`;
  await t.database.db.insert(articles).values({
    articleId,
    userId: user!.id,
    title: HOSTILE_TITLE,
    summary: '摘要',
    content: `# ${HOSTILE_TITLE}\n\n${'这是正文的第一段，讲的是如何把复杂的事情讲清楚。'.repeat(6)}\n\n## 小节\n\n更多内容。`,
    imageUrl: '/media/articles/cover.png',
    isPublic: true,
    ...values,
  });
  return articleId;
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('the shared article page', () => {
  it('carries escaped share tags in the head before any script runs', async () => {
    const owner = await signedInUser(t);
    const articleId = await insertArticle(owner);
    const res = await t.app.inject({ url: `/shared/article/${articleId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = headOf(res.body);
    const escaped = '&quot;引号&quot; &lt;script&gt;alert(1)&lt;/script&gt; 🎉 &amp; &#39;x&#39;';
    expect(head).toContain(`<title>${escaped} - 天马</title>`);
    expect(head).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<meta property="og:image" content="https://tianma.example.com/media/articles/cover.png" />');
    expect(head).toContain(`<meta property="og:url" content="https://tianma.example.com/shared/article/${articleId}" />`);
    const description = /<meta property="og:description" content="([^"]*)"/.exec(head)![1]!;
    expect(description.startsWith('这是正文的第一段')).toBe(true);
    expect([...description]).toHaveLength(81);
    expect(description.endsWith('…')).toBe(true);
    expect(head).not.toContain('<script>alert');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers the article to anyone through the API, without the owner’s data', async () => {
    const owner = await signedInUser(t);
    const articleId = await insertArticle(owner);
    const res = await t.app.inject({ url: `/api/v1/shared/article/${articleId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(['articleId', 'content', 'createTime', 'imageUrl', 'summary', 'theme', 'title']);
    expect(body.data.theme).toBeNull();
    expect(body).toMatchObject({ success: true, data: { articleId, title: HOSTILE_TITLE } });
    expect(JSON.stringify(body)).not.toContain(owner.username);
  });

  it('is not found once the owner turns public access off, and for unknown or malformed ids', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const articleId = await insertArticle(owner);
    const forged = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: other.cookie }, payload: { isPublic: false } });
    expect(forged.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: owner.cookie }, payload: { isPublic: 'no' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('请指定是否公开');
    const off = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: owner.cookie }, payload: { isPublic: false } });
    expect(off.json()).toMatchObject({ success: true, isPublic: false });

    for (const id of [articleId, 'nope', '..%2Fetc']) {
      const api = await t.app.inject({ url: `/api/v1/shared/article/${id}` });
      expect(api.statusCode, id).toBe(404);
      expect(api.json()).toMatchObject({ success: false, message: '未找到文章' });
      const page = await t.app.inject({ url: `/shared/article/${id}` });
      expect(page.statusCode, id).toBe(404);
      expect(headOf(page.body)).toContain('<meta property="og:title" content="这是我在天马上创作的文章，快来试一试吧" />');
      expect(page.body).not.toContain(HOSTILE_TITLE.slice(1, 3) + '" <');
    }
    // The owner's own list still shows it, as private.
    const listed = await t.app.inject({ url: `/api/v1/articles/user/${owner.deepspaceId}/page`, headers: { cookie: owner.cookie } });
    expect(listed.json().data[0]).toMatchObject({ articleId, isPublic: false });
    await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: owner.cookie }, payload: { isPublic: true } });
    expect((await t.app.inject({ url: `/api/v1/shared/article/${articleId}` })).statusCode).toBe(200);
  });
});
