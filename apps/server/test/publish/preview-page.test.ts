import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { themeStyles } from '../../src/publish/themes/theme-styles.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { policyOf } from '../helpers/csp.js';
import { signedInUser } from '../helpers/billing.js';

const PUBLIC_URL = 'https://tianma.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());


async function ownArticle(username: string, content: string, title = '标题') {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  const articleId = `a${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(articles).values({ articleId, userId: user!.id, title, summary: '', content });
  return articleId;
}

const preview = (articleId: string, query: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/preview/wechat/${articleId}${query}`, headers: cookie ? { cookie } : {} });

const CONTENT = '# 用AI写作\n\n## 第一节\n\n正文，见[官网](https://example.com)。\n\n> 一句引用\n\n![配图](/media/articles/p-1.png)';

describe('GET /preview/wechat/{articleId}', () => {
  it('shows the owner the article in the theme, as a page with its own policy that only the app may frame', async () => {
    const owner = await signedInUser(t);
    const articleId = await ownArticle(owner.username, CONTENT, '用AI写作');
    const res = await preview(articleId, '?theme=tech', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body.startsWith('<!doctype html><html lang="zh-CN">')).toBe(true);
    expect(res.body).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(res.body).toMatch(/<h1 style="[^"]*font-size:22px[^"]*font-weight:700[^"]*">用AI写作<\/h1>/);
    expect(res.body).toContain(`<section style="${themeStyles('tech').root}">`);
    expect(res.body).toContain(`<h2 style="${themeStyles('tech').h2}">`);
    expect(res.body).toContain(`src="${PUBLIC_URL}/media/articles/p-1.png"`);
    expect(res.body).not.toMatch(/<script|<style|<link/i);

    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', PUBLIC_URL]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses the clean theme when none is named, and each theme looks different', async () => {
    const owner = await signedInUser(t);
    const articleId = await ownArticle(owner.username, CONTENT);
    const byDefault = await preview(articleId, '', owner.cookie);
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.body).toContain(`<h2 style="${themeStyles('clean').h2}">`);
    expect((await preview(articleId, '?theme=clean', owner.cookie)).body).toBe(byDefault.body);
    expect((await preview(articleId, '?theme=warm', owner.cookie)).body).not.toBe(byDefault.body);
  });

  it('answers 404 for another user’s or a missing article, and 401 when signed out, as pages under the same policy', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const articleId = await ownArticle(owner.username, CONTENT);
    for (const res of [await preview(articleId, '', stranger.cookie), await preview('a-missing', '', owner.cookie), await preview('bad%20id', '', owner.cookie)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('未找到文章');
      expect(res.body).not.toContain('第一节');
      expect(policyOf(res.headers['content-security-policy']).get('script-src')).toEqual(["'none'"]);
    }
    const signedOut = await preview(articleId, '');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toContain('text/html');
    expect(signedOut.body).toContain('请先登录');
    expect(signedOut.body).not.toContain('第一节');
  });

  it('refuses an unknown theme with 400', async () => {
    const owner = await signedInUser(t);
    const articleId = await ownArticle(owner.username, CONTENT);
    for (const theme of ['neon', 'CLEAN', '', 'clean&theme=tech']) {
      const res = await preview(articleId, `?theme=${theme}`, owner.cookie);
      expect(res.statusCode, theme).toBe(400);
      expect(res.body).toContain('未知的排版主题');
    }
  });

  it('escapes raw HTML in the article and its title', async () => {
    const owner = await signedInUser(t);
    const articleId = await ownArticle(
      owner.username,
      '正文<script>alert(1)</script><img src=x onerror=alert(2)>\n\n<style>h2{color:red}</style>',
      '<img src=x onerror=alert(3)>标题',
    );
    const res = await preview(articleId, '?theme=business', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|<style|<img src=x|onerror=alert\(\d\)>/i);
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(3)&gt;标题');
  });
});
