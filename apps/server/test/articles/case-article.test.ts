import { SHOWCASE_CASES } from '@tianma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const path = (id: string) => `/deepspaceasset/deepspace/articles/article/${id}`;

describe('case article info for the home page', () => {
  it.each(SHOWCASE_CASES.map((c) => c.articleId))('serves seeded showcase article %s', async (articleId) => {
    const res = await t.app.inject({ method: 'GET', url: path(articleId) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['imageUrl', 'summary', 'title']);
    expect(body.data.title.length).toBeGreaterThan(0);
    expect(body.data.imageUrl).toMatch(/^\/images\/cases\/case-\d\.svg$/);
  });

  it('answers 404 with a Chinese message for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: path('0123456789abcdef') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, msg: '未找到文章', message: '未找到文章', code: 'NOT_FOUND' });
  });

  it('refuses a malformed id', async () => {
    const res = await t.app.inject({ method: 'GET', url: path(encodeURIComponent("x' or 1=1 --")) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('文章ID格式无效');
  });

  it('never shows a private article, and shows a public one without owner data', async () => {
    await t.database.db.insert(articles).values([
      { articleId: 'private0000000001', userId: 42, title: '私密', content: '# 私密' },
      { articleId: 'public00000000001', userId: 42, title: '公开', summary: '摘要', content: '# 公开', isPublic: true },
    ]);
    const hidden = await t.app.inject({ method: 'GET', url: path('private0000000001') });
    expect(hidden.statusCode).toBe(404);
    const shown = await t.app.inject({ method: 'GET', url: path('public00000000001') });
    expect(shown.json()).toEqual({
      success: true,
      data: { title: '公开', summary: '摘要', imageUrl: '/images/case-placeholder.svg' },
    });
    expect(shown.body).not.toContain('42');
  });
});
