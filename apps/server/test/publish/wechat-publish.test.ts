import { randomBytes } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { wechatPublications } from '../../src/publish/wechat-mp/tables.js';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

type Owner = Awaited<ReturnType<typeof signedInUser>>;

let seq = 0;
function newAccount(fake: WechatMpFake) {
  seq += 1;
  const appId = `wx${String(Date.now() % 1e10).padStart(10, '0')}${String(700000 + seq).padStart(6, '0')}`;
  const appSecret = `P${seq}`.padEnd(32, 'q').replace(/q/g, (_m, i: number) => 'abcdef0123456789'[i % 16]!);
  fake.accounts.set(appId, { appSecret });
  return { appId, appSecret };
}

async function pictureBytes(format: 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3366cc';
  ctx.fillRect(0, 0, width, height);
  return format === 'png' ? canvas.encode('png') : canvas.encode('webp');
}

describe('publishing an article to a bound official account’s draft box', () => {
  let fake: WechatMpFake;
  let t: TestApp;
  let alice: Owner;
  let bob: Owner;
  let aliceAccount: string;
  let bobAccount: string;
  let generated: string;
  let bobArticle: string;
  const bodies: string[] = [];
  const secrets: string[] = [];

  const call = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers: cookie ? { cookie } : {} });
    bodies.push(res.body);
    return { status: res.statusCode, body: res.json() as { success: boolean; message?: string; errcode?: number; data?: Record<string, unknown> } };
  };
  const publish = (owner: Owner | undefined, articleId: string, payload: unknown) => call('POST', `/api/v1/articles/${articleId}/publish/wechat`, owner?.cookie, payload);
  const received = () => fake.uploads.length + fake.drafts.length;

  async function bind(owner: Owner) {
    const account = newAccount(fake);
    secrets.push(account.appSecret);
    const res = await call('POST', '/api/v1/publish/wechat/accounts', owner.cookie, { ...account, name: '测试号' });
    expect(res.status).toBe(200);
    return (res.body.data as { accountId: string }).accountId;
  }

  /** An article of Alice's with our pictures (PNG, WebP) in storage and one external picture. */
  async function seedArticle(title = '春季护肤指南') {
    const articleId = `a${randomBytes(8).toString('hex')}`;
    const pub = t.config.publicUrl;
    await t.app.storage.put(`articles/${articleId}-1.png`, await pictureBytes('png', 320, 200), 'image/png');
    await t.app.storage.put(`articles/${articleId}-2.webp`, await pictureBytes('webp', 200, 150), 'image/webp');
    const content = `# ${title}\n\n春天来了，skin care 要换季。\n\n![护肤台](/media/articles/${articleId}-1.png)\n\n## 保湿\n\n- 第一步\n- 第二步\n\n![精华](${pub}/media/articles/${articleId}-2.webp)\n\n![外部](https://elsewhere.example/x.png)\n`;
    // Alice's, as her generated article is.
    const [mine] = await t.database.db.select({ userId: articles.userId }).from(articles).where(eq(articles.articleId, generated)).limit(1);
    await t.database.db.insert(articles).values({ articleId, userId: mine!.userId, title, summary: '换季护肤要点', content });
    return articleId;
  }
  beforeAll(async () => {
    fake = await startWechatMpFake();
    t = await createTestApp({ WECHAT_MP_API_BASE: fake.url, LOG_LEVEL: 'debug' });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
    aliceAccount = await bind(alice);
    bobAccount = await bind(bob);
    // A generated article, then pictures of ours added to it as the editor would.
    const started = await generate(t, alice.cookie, { topic: '春季护肤', settings: GUIDED });
    expect(started.statusCode).toBe(200);
    expect((await waitForTask(t, started.json().task_id, 60_000)).status).toBe('completed');
    generated = started.json().article_id;
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, generated));
    await t.app.storage.put(`articles/${generated}-cover.png`, await pictureBytes('png', 300, 300), 'image/png');
    await t.database.db
      .update(articles)
      .set({ imageUrl: null, content: `${row!.content.replace(/!\[[^\]]*\]\([^)]*\)/g, '')}\n\n![配图](/media/articles/${generated}-cover.png)\n` })
      .where(eq(articles.articleId, generated));
    const bobStarted = await generate(t, bob.cookie, { topic: '秋季养生', settings: GUIDED });
    expect((await waitForTask(t, bobStarted.json().task_id, 60_000)).status).toBe('completed');
    bobArticle = bobStarted.json().article_id;
  }, 180_000);

  afterAll(async () => {
    expect(t.logs.join('')).toContain('wechat draft created');
    expect(t.logs.join('')).toContain('wechat draft failed');
    for (const line of [...bodies, ...t.logs]) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toContain('MPTOKEN_');
    }
    await t.close();
    await fake.close();
  });

  it('a generated article: pictures uploaded and replaced, the cover as permanent material, exactly the documented fields', async () => {
    const before = fake.uploads.length;
    const res = await publish(alice, generated, { accountId: aliceAccount, author: '天马', digest: '一段摘要' });
    expect(res.status).toBe(200);
    const draft = fake.drafts.at(-1)!;
    expect(res.body).toEqual({
      success: true,
      data: { publishId: expect.stringMatching(/^wxp_[0-9a-f]{24}$/), state: 'draft_created', mediaId: draft.mediaId, accountId: aliceAccount, theme: 'clean', submit: false, createdAt: expect.any(String) },
    });
    const uploads = fake.uploads.slice(before);
    expect(uploads.map((u) => u.route).sort()).toEqual(['add_material', 'uploadimg']);
    expect(uploads.every((u) => u.field === 'media' && u.contentType === 'image/png')).toBe(true);
    expect(uploads.find((u) => u.route === 'add_material')!.type).toBe('image');
    expect(Object.keys(draft.body)).toEqual(['articles']);
    const [article] = draft.body.articles as Record<string, unknown>[];
    expect(Object.keys(article!).sort()).toEqual(['article_type', 'author', 'content', 'digest', 'need_open_comment', 'only_fans_can_comment', 'thumb_media_id', 'title']);
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, generated));
    expect(article).toMatchObject({ article_type: 'news', title: row!.title, author: '天马', digest: '一段摘要', thumb_media_id: uploads.find((u) => u.route === 'add_material')!.answer });
    const content = article!.content as string;
    expect(content).toContain(uploads.find((u) => u.route === 'uploadimg')!.answer);
    expect(content).not.toContain('/media/');
    expect(content).not.toMatch(/class=|<script|<style|\sid=/);

    const status = await call('GET', `/api/v1/publish/${res.body.data!.publishId}`, alice.cookie);
    expect(status.body).toEqual(res.body);
    const [stored] = await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.articleId, generated));
    expect(stored).toMatchObject({ state: 'draft_created', mediaId: draft.mediaId, accountId: aliceAccount, theme: 'clean' });
  });

  it('WebP converted, external picture left out with a note, title and digest derived, the theme kept', async () => {
    const articleId = await seedArticle();
    const before = fake.uploads.length;
    const res = await publish(alice, articleId, { accountId: aliceAccount, theme: 'tech' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'draft_created', message: expect.stringContaining('https://elsewhere.example/x.png') });
    const uploads = fake.uploads.slice(before);
    expect(uploads.filter((u) => u.route === 'uploadimg').map((u) => u.contentType)).toEqual(['image/png', 'image/jpeg']);
    const article = (fake.drafts.at(-1)!.body.articles as Record<string, string>[])[0]!;
    expect(article).toMatchObject({ title: '春季护肤指南', digest: '换季护肤要点', author: '' });
    expect(article.content).not.toContain('/media/');
    expect(article.content).not.toContain('elsewhere.example');
    const [stored] = await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.articleId, articleId));
    expect(stored!.theme).toBe('tech');
  });

  it('limits exceeded: a Chinese error naming what to shorten, WeChat receives nothing', async () => {
    const articleId = await seedArticle('这是一个非常非常长的标题，它明显超过了公众号草稿箱允许的三十二个字的限制');
    const before = received();
    const res = await publish(alice, articleId, { accountId: aliceAccount });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/标题有 \d+ 个字，公众号限 32 个字，请缩短 \d+ 个字/);
    const tooLong = await publish(alice, articleId, { accountId: aliceAccount, author: '作'.repeat(17) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('作者不能超过16个字');
    expect(received()).toBe(before);
    expect(await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.articleId, articleId))).toHaveLength(0);
  });

  it('48001 from draft/add: failed with the Chinese message, stored, never a success', async () => {
    fake.script('draft_add', { errcode: 48001, errmsg: 'api unauthorized rid: 9' });
    const res = await publish(alice, generated, { accountId: aliceAccount });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errcode: 48001, data: { state: 'failed', message: expect.stringContaining('没有草稿箱接口权限') } });
    expect(res.body.data!.mediaId).toBeUndefined();
    const status = await call('GET', `/api/v1/publish/${res.body.data!.publishId}`, alice.cookie);
    expect(status.body.data).toMatchObject({ state: 'failed', message: expect.stringContaining('没有草稿箱接口权限') });
  });

  it('a token WeChat no longer accepts (40001): refreshed once, the publish goes through', async () => {
    fake.invalidateTokens();
    const forced = fake.tokenCalls.filter((c) => c.force).length;
    const res = await publish(alice, generated, { accountId: aliceAccount });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'draft_created' });
    expect(fake.tokenCalls.filter((c) => c.force).length).toBe(forced + 1);
  });

  it('another user’s article, account or publication: 404; no session: 401', async () => {
    const before = received();
    expect((await publish(bob, generated, { accountId: bobAccount })).status).toBe(404);
    expect((await publish(bob, bobArticle, { accountId: aliceAccount })).status).toBe(404);
    expect((await publish(bob, bobArticle, { accountId: 'wxa_000000000000000000000000' })).status).toBe(404);
    expect((await publish(undefined, generated, { accountId: aliceAccount })).status).toBe(401);
    expect(received()).toBe(before);
    const [mine] = await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.articleId, generated)).limit(1);
    expect((await call('GET', `/api/v1/publish/${mine!.id}`, bob.cookie)).status).toBe(404);
    expect((await call('GET', `/api/v1/publish/${mine!.id}`)).status).toBe(401);
  });

  it('publishing is rate-limited per user', async () => {
    const statuses: number[] = [];
    // A schedule in the past: refused at once, before any lookup or WeChat call.
    for (let i = 0; i < 7; i++) statuses.push((await publish(alice, generated, { accountId: aliceAccount, scheduleAt: '2020-01-01T08:00:00+08:00' })).status);
    expect(statuses).toContain(429);
    // Another user's allowance is their own.
    expect((await publish(bob, bobArticle, { accountId: bobAccount, scheduleAt: '2020-01-01T08:00:00+08:00' })).status).toBe(400);
  });
});
