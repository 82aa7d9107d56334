import { SHOWCASE_CASES } from '@tianma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_HIDDEN } from '../../src/articles/public-article.js';
import { setOperatorRole } from '../../src/admin/operators.js';
import { adminAudit } from '../../src/admin/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { post, STRONG_PASSWORD } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const op = await signedInUser(t);
  await setOperatorRole(t.database.db, op.username, true, '测试');
  cookie = op.cookie;
  expect((await post(t, '/api/admin/confirm', { password: STRONG_PASSWORD }, cookie)).statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: as ? { cookie: as } : {} });

/** A user's generated article, shared publicly (as generated articles are by default). */
async function sharedArticle(topic: string) {
  const writer = await signedInUser(t);
  const res = await generate(t, writer.cookie, { topic, settings: GUIDED });
  expect((await waitForTask(t, res.json().task_id)).status).toBe('completed');
  const articleId = res.json().article_id as string;
  const shared = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: writer.cookie }, payload: { isPublic: true } });
  expect(shared.statusCode).toBe(200);
  return { articleId, writer };
}

describe('hiding a shared article', () => {
  it('makes its page answer 404 with a notice, for the data call and the page; showing it again brings it back', async () => {
    const { articleId } = await sharedArticle('城市骑行入门');
    const listed = await get(`/api/admin/articles?q=${articleId}`);
    expect(listed.json().data).toEqual([expect.objectContaining({ articleId, hidden: false, showcaseSlot: null })]);

    const hide = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${articleId}/hide`, headers: { cookie }, payload: { hidden: true, reason: '含有未经授权的图片' } });
    expect(hide.statusCode).toBe(200);
    const data = await get(`/api/v1/shared/article/${articleId}`, '');
    expect(data.statusCode).toBe(404);
    expect(data.json()).toMatchObject({ message: ARTICLE_HIDDEN, hidden: true });
    const page = await get(`/shared/article/${articleId}`, '');
    expect(page.statusCode).toBe(404);
    expect((await get(`/api/admin/articles?q=${articleId}`)).json().data[0]).toMatchObject({ hidden: true, hiddenReason: '含有未经授权的图片' });

    expect((await t.app.inject({ method: 'POST', url: `/api/admin/articles/${articleId}/hide`, headers: { cookie }, payload: { hidden: false, reason: '已取得授权' } })).statusCode).toBe(200);
    expect((await get(`/api/v1/shared/article/${articleId}`, '')).statusCode).toBe(200);
    const audit = await t.database.db.select({ action: adminAudit.action, reason: adminAudit.reason }).from(adminAudit).where(eq(adminAudit.target, `article:${articleId}`));
    expect(audit).toEqual([
      { action: 'content.hide', reason: '含有未经授权的图片' },
      { action: 'content.unhide', reason: '已取得授权' },
    ]);
  });

  it('refuses the seeded showcase articles and unknown ids', async () => {
    const seeded = SHOWCASE_CASES[0].articleId;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/articles/${seeded}/hide`, headers: { cookie }, payload: { hidden: true, reason: '测试隐藏' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/articles/nope/hide', headers: { cookie }, payload: { hidden: true, reason: '测试隐藏' } })).statusCode).toBe(404);
  });
});

describe('the home page case slots', () => {
  it('shows the article an operator picked in a slot, on the case card and its share page, and the seeded one again when the pick is withdrawn or hidden', async () => {
    const slot = SHOWCASE_CASES[2].articleId;
    const seeded = (await get(`/deepspaceasset/deepspace/articles/article/${slot}`, '')).json().data.title as string;
    const { articleId, writer } = await sharedArticle('周末露营装备清单');

    const picked = await t.app.inject({ method: 'PUT', url: `/api/admin/showcase/${slot}`, headers: { cookie }, payload: { articleId, reason: '本周精选' } });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().data.find((s: { slot: string }) => s.slot === slot)).toMatchObject({ pickedArticleId: articleId, showsPick: true });
    const card = (await get(`/deepspaceasset/deepspace/articles/article/${slot}`, '')).json().data;
    expect(card.title).not.toBe(seeded);
    expect((await get(`/api/v1/shared/article/${slot}`, '')).json().data.articleId).toBe(articleId);
    expect((await get(`/api/admin/articles?q=${articleId}`)).json().data[0].showcaseSlot).toBe(slot);

    // The owner turns sharing off: the slot falls back to its seeded article at once.
    await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}/visibility`, headers: { cookie: writer.cookie }, payload: { isPublic: false } });
    expect((await get(`/deepspaceasset/deepspace/articles/article/${slot}`, '')).json().data.title).toBe(seeded);

    const withdrawn = await t.app.inject({ method: 'PUT', url: `/api/admin/showcase/${slot}`, headers: { cookie }, payload: { articleId: null, reason: '恢复默认' } });
    expect(withdrawn.json().data.find((s: { slot: string }) => s.slot === slot)).toMatchObject({ pickedArticleId: null, showsPick: false });
    const audit = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'content.showcase'), eq(adminAudit.target, `showcase:${slot}`)));
    expect(audit.map((e) => e.after)).toEqual([{ articleId }, { articleId: null }]);
  });

  it('refuses a private article, an unknown slot, and a malformed id', async () => {
    const writer = await signedInUser(t);
    const res = await generate(t, writer.cookie, { topic: '私人笔记整理', settings: GUIDED });
    await waitForTask(t, res.json().task_id);
    // Generated articles are shared by default; this one's owner turned it off.
    await t.app.inject({ method: 'PUT', url: `/api/v1/article/${res.json().article_id}/visibility`, headers: { cookie: writer.cookie }, payload: { isPublic: false } });
    const slot = SHOWCASE_CASES[0].articleId;
    const privateOne = await t.app.inject({ method: 'PUT', url: `/api/admin/showcase/${slot}`, headers: { cookie }, payload: { articleId: res.json().article_id, reason: '测试' } });
    expect(privateOne.statusCode).toBe(400);
    expect(privateOne.json().message).toBe('只能选择已公开且未被隐藏的用户文章');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/showcase/not-a-slot', headers: { cookie }, payload: { articleId: null, reason: '测试' } })).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'PUT', url: `/api/admin/showcase/${slot}`, headers: { cookie }, payload: { articleId: '../x', reason: '测试' } });
    expect(malformed.json().message).toBe('文章ID格式无效');
  });
});

describe('feedback', () => {
  it('lists what users said, newest first, with the article and the user, by kind', async () => {
    const { articleId, writer } = await sharedArticle('家庭理财的第一步');
    await post(t, '/api/v1/feedback', { type: 'dislike', content: '[太长] 例子不够具体', articleId }, writer.cookie);
    await post(t, '/api/v1/feedback', { type: 'like', content: '[结构清晰]', articleId }, writer.cookie);
    const all = (await get('/api/admin/feedback')).json().data;
    expect(all.slice(0, 2).map((f: { type: string }) => f.type)).toEqual(['like', 'dislike']);
    expect(all[0]).toMatchObject({ content: '[结构清晰]', articleId, articleTitle: expect.any(String), username: writer.username, platform: 'wechat' });
    const dislikes = (await get('/api/admin/feedback?type=dislike')).json().data;
    expect(dislikes.every((f: { type: string }) => f.type === 'dislike')).toBe(true);
    expect((await get('/api/admin/feedback?type=meh')).json().message).toBe('type 只能是 like 或 dislike');
  });
});
