import { randomBytes } from 'node:crypto';
import { WECHAT_THEMES } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { themeStyles } from '../../src/publish/themes/theme-styles.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

const PUBLIC_URL = 'https://tianma.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());

const fetchArticle = (articleId: string, query: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${articleId}?${query}`, headers: { cookie } });

async function generatedArticle(cookie: string) {
  const res = await generate(t, cookie, { topic: '用AI提升写作效率的方法', settings: GUIDED });
  expect(res.statusCode).toBe(200);
  const { task_id: taskId, article_id: articleId } = res.json();
  expect((await waitForTask(t, taskId)).status).toBe('completed');
  return articleId as string;
}

describe('GET /api/v1/themes', () => {
  it('lists the six layout themes to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/themes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: WECHAT_THEMES.map(({ id, name }) => ({ id, name })) });
    expect(res.json().data).toHaveLength(6);
  });
});

describe('GET /api/v1/themes/{id}/share.css', () => {
  it('serves each theme as rules scoped to the share page body, with the same declarations as the WeChat layout', async () => {
    for (const { id } of WECHAT_THEMES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/themes/${id}/share.css` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const scope = `.markdown-body.wx-theme-${id}`;
      expect(res.body).toContain(`${scope} h2 { ${themeStyles(id).h2} }`);
      expect(res.body).toContain(`${scope} blockquote p { ${themeStyles(id).quoteP} }`);
      // Every rule is scoped: nothing reaches the rest of the page.
      for (const line of res.body.trim().split('\n')) expect(line.startsWith(scope)).toBe(true);
      expect(res.body).not.toMatch(/url\(|@import|<\/?style/i);
    }
  });

  it('answers 404 for an unknown theme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/themes/neon/share.css' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('未找到该排版主题');
  });

  it('the share page of an article with a chosen theme names it; without one, none', async () => {
    const owner = await signedInUser(t);
    const articleId = await generatedArticle(owner.cookie);
    const share = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: owner.cookie }, payload: { isPublic: true } });
    expect(share.statusCode).toBe(200);
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/shared/article/${articleId}` })).json().data.theme;
    expect(await read()).toBeNull();
    await t.database.db.update(articles).set({ wechatTheme: 'literary', updatedAt: new Date() }).where(eq(articles.articleId, articleId));
    expect(await read()).toBe('literary');
    // A value no theme has (an old or hand-edited row) is the site's own look, not an error.
    await t.database.db.update(articles).set({ wechatTheme: 'neon', updatedAt: new Date() }).where(eq(articles.articleId, articleId));
    expect(await read()).toBeNull();
  });
});

describe('GET /api/v1/articles/articles/{id}?content_type=wechat', () => {
  it('answers a generated article as WeChat HTML in each theme, clean when none is named', async () => {
    const owner = await signedInUser(t);
    const articleId = await generatedArticle(owner.cookie);
    const contents = new Set<string>();
    for (const { id } of WECHAT_THEMES) {
      const res = await fetchArticle(articleId, `content_type=wechat&theme=${id}`, owner.cookie);
      expect(res.statusCode, id).toBe(200);
      expect(res.json()).toMatchObject({ code: 0, status: 'success', article_id: articleId });
      const content: string = res.json().content;
      expect(content.startsWith(`<section style="${themeStyles(id).root}">`), id).toBe(true);
      expect(content).toContain(`<h2 style="${themeStyles(id).h2}">`);
      expect(content).not.toMatch(/<[^>]*\s(class|id)=|<(style|script|ul|ol|li)\b/i);
      contents.add(content);
    }
    expect(contents.size).toBe(WECHAT_THEMES.length);
    const byDefault = await fetchArticle(articleId, 'content_type=wechat', owner.cookie);
    expect(byDefault.json().content).toBe((await fetchArticle(articleId, 'content_type=wechat&theme=clean', owner.cookie)).json().content);

    // Once the article has a theme of its own, no theme named means that one, here and in the export.
    const chosen = await t.app.inject({ method: 'PUT', url: `/api/v1/articles/${articleId}/wechat-theme`, headers: { cookie: owner.cookie }, payload: { theme: 'literary' } });
    expect(chosen.statusCode).toBe(200);
    const literary = (await fetchArticle(articleId, 'content_type=wechat&theme=literary', owner.cookie)).json().content;
    expect((await fetchArticle(articleId, 'content_type=wechat', owner.cookie)).json().content).toBe(literary);
    const exported = await t.app.inject({ method: 'GET', url: `/api/v1/article/${articleId}/export?format=wechat-html`, headers: { cookie: owner.cookie } });
    expect(exported.json().html).toBe(literary);
  });

  it('makes our images absolute to PUBLIC_URL and footnotes external links', async () => {
    const owner = await signedInUser(t);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, owner.username));
    const articleId = `a${randomBytes(8).toString('hex')}`;
    const content = '# 标题\n\n见[官网](https://example.com/docs)。\n\n![配图](/media/articles/x-1.png)\n*图片来源：Pixabay*';
    await t.database.db.insert(articles).values({ articleId, userId: user!.id, title: '标题', summary: '', content });
    const html: string = (await fetchArticle(articleId, 'content_type=wechat&theme=warm', owner.cookie)).json().content;
    expect(html).toContain(`src="${PUBLIC_URL}/media/articles/x-1.png"`);
    expect(html).toContain('图片来源：Pixabay');
    expect(html).toMatch(/官网<sup style="[^"]+">\[1\]<\/sup>/);
    expect(html).toContain('参考链接');
    expect(html).not.toContain('<a ');
  });

  it('refuses an unknown theme with a Chinese message', async () => {
    const owner = await signedInUser(t);
    const articleId = await generatedArticle(owner.cookie);
    for (const theme of ['neon', 'CLEAN', '', 'clean&theme=tech']) {
      const res = await fetchArticle(articleId, `content_type=wechat&theme=${theme}`, owner.cookie);
      expect(res.statusCode, theme).toBe(400);
      expect(res.json().status).toBe('error');
      expect(JSON.stringify(res.json())).toContain('未知的排版主题');
    }
    const badType = await fetchArticle(articleId, 'content_type=pdf', owner.cookie);
    expect(badType.statusCode).toBe(400);
    expect(JSON.stringify(badType.json())).toContain('wechat');
  });

  it("refuses another user's article as the html branch does, and a visitor", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const articleId = await generatedArticle(owner.cookie);
    const html = await fetchArticle(articleId, 'content_type=html', other.cookie);
    const wechat = await fetchArticle(articleId, 'content_type=wechat&theme=tech', other.cookie);
    expect(wechat.statusCode).toBe(404);
    expect(wechat.statusCode).toBe(html.statusCode);
    expect(wechat.json()).toEqual(html.json());
    const visitor = await fetchArticle(articleId, 'content_type=wechat', '');
    expect(visitor.statusCode).toBe(401);
  });
});
