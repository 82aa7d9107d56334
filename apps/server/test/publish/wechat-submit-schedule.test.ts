import { databaseCredentialShelf } from '../../src/wechat/credential-shelf.js';
import { randomBytes } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { WECHAT_FREEPUBLISH_NOTICE } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { resolveAppSecret } from '../../src/platform/app-secret.js';
import { pollSubmittedPublications } from '../../src/publish/wechat-mp/publish-status.js';
import { wechatPublishDeps } from '../../src/publish/wechat-mp/publish-routes.js';
import { MAX_ATTEMPTS, RUN_LEASE_MS, sweepDuePublications } from '../../src/publish/wechat-mp/schedule.js';
import { wechatPublications } from '../../src/publish/wechat-mp/tables.js';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { loginViaHttp } from '../helpers/accounts.js';
import { signedInUser } from '../helpers/billing.js';

type Owner = Awaited<ReturnType<typeof signedInUser>>;
type Body = { success: boolean; message?: string; errcode?: number; data?: Record<string, unknown> & { findings?: { kind: string }[] } };

let seq = 0;
function newAccount(fake: WechatMpFake) {
  seq += 1;
  const appId = `wx${String(Date.now() % 1e10).padStart(10, '0')}${String(800000 + seq).padStart(6, '0')}`;
  const appSecret = `S${seq}`.padEnd(32, 'q').replace(/q/g, (_m, i: number) => 'abcdef0123456789'[i % 16]!);
  fake.accounts.set(appId, { appSecret });
  return { appId, appSecret };
}

async function pictureBytes(format: 'png' | 'webp', width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#cc6633';
  ctx.fillRect(0, 0, width, height);
  return format === 'png' ? canvas.encode('png') : canvas.encode('webp');
}

const HOUR = 3600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

describe('submitting, scheduling and checking WeChat publications', () => {
  let fake: WechatMpFake;
  let t: TestApp;
  let alice: Owner;
  let bob: Owner;
  let aliceId: number;
  let bobId: number;
  let aliceAccount: string;
  let bobArticle: string;
  const bodies: string[] = [];
  const secrets: string[] = [];

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, owner?: Owner, payload?: unknown) => {
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers: owner ? { cookie: owner.cookie } : {} });
    bodies.push(res.body);
    return { status: res.statusCode, body: res.json() as Body };
  };
  /** Publishing is capped at 10 per 10 minutes per session: Alice signs in again every few publishes. */
  let published = 0;
  const publish = async (owner: Owner, articleId: string, payload: unknown) => {
    if (owner === alice && ++published % 8 === 0) alice.cookie = (await loginViaHttp(t, alice.username)).cookie;
    return call('POST', `/api/v1/articles/${articleId}/publish/wechat`, owner, payload);
  };
  const status = (owner: Owner, publishId: unknown) => call('GET', `/api/v1/publish/${String(publishId)}`, owner);
  const drafts = () => fake.requestCount('draft_add');
  const sweepDeps = () => ({ db: t.database.db, queue: t.app.generation.queue, logger: t.logger });
  const row = async (id: unknown) => (await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.id, String(id))))[0]!;
  /** The poll is throttled to one question per 5 s: this makes the last one older than that. */
  const age = (id: unknown, ms = 6_000) => t.database.db.update(wechatPublications).set({ updatedAt: new Date(Date.now() - ms) }).where(eq(wechatPublications.id, String(id)));

  async function settled(id: unknown, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(id);
      if (current.state !== 'queued') return current;
      if (Date.now() > end) throw new Error(`publication ${String(id)} still queued`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function bind(owner: Owner) {
    const account = newAccount(fake);
    secrets.push(account.appSecret);
    const res = await call('POST', '/api/v1/publish/wechat/accounts', owner, { ...account, name: '定时测试号' });
    expect(res.status).toBe(200);
    return res.body.data!.accountId as string;
  }

  async function seedArticle(userId: number, options: { title?: string; content?: string } = {}) {
    const articleId = `a${randomBytes(8).toString('hex')}`;
    await t.app.storage.put(`articles/${articleId}-1.png`, await pictureBytes('png', 320, 200), 'image/png');
    await t.app.storage.put(`articles/${articleId}-2.webp`, await pictureBytes('webp', 200, 150), 'image/webp');
    const content =
      options.content ??
      `# 标题\n\n参考 [丁香医生](https://dxy.com/a)。\n\n![图](/media/articles/${articleId}-1.png)\n\n- 第一步\n- 第二步\n\n<div class="x" style="position:absolute">盒子</div>\n\n![精华](/media/articles/${articleId}-2.webp)\n\n![外部](https://elsewhere.example/x.png)\n`;
    await t.database.db.insert(articles).values({ articleId, userId, title: options.title ?? '夏季防晒指南', summary: '防晒要点', content });
    return articleId;
  }

  const userIdOf = async (owner: Owner) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username)))[0]!.id;

  beforeAll(async () => {
    fake = await startWechatMpFake();
    t = await createTestApp({ WECHAT_MP_API_BASE: fake.url, LOG_LEVEL: 'debug' });
    alice = await signedInUser(t);
    bob = await signedInUser(t);
    aliceId = await userIdOf(alice);
    bobId = await userIdOf(bob);
    aliceAccount = await bind(alice);
    await bind(bob);
    bobArticle = await seedArticle(bobId);
  }, 60_000);

  afterAll(async () => {
    for (const line of [...bodies, ...t.logs]) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toContain('MPTOKEN_');
    }
    await t.close();
    await fake.close();
  });

  it('the warning shown before a submit is the shared text', async () => {
    const res = await call('GET', '/api/v1/publish/wechat/notice');
    expect(res.body).toEqual({ success: true, data: { submit: WECHAT_FREEPUBLISH_NOTICE } });
    expect(WECHAT_FREEPUBLISH_NOTICE).toContain('不会出现在公众号历史消息列表');
    expect(WECHAT_FREEPUBLISH_NOTICE).toContain('不推送给粉丝');
    expect(WECHAT_FREEPUBLISH_NOTICE).toContain('原创');
  });

  it('submit: draft, then freepublish; submitted until freepublish/get says published, polled at most once per 5 s', async () => {
    const articleId = await seedArticle(aliceId);
    fake.publishStatuses(1, 0);
    const res = await publish(alice, articleId, { accountId: aliceAccount, submit: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'submitted', mediaId: fake.drafts.at(-1)!.mediaId, submit: true });
    const job = [...fake.publishes.values()].at(-1)!;
    expect(job.mediaId).toBe(res.body.data!.mediaId);
    const id = res.body.data!.publishId;
    expect((await row(id)).wechatPublishId).toBe(job.publishId);

    // Asked too soon after the submit: no question to WeChat.
    expect((await status(alice, id)).body.data).toMatchObject({ state: 'submitted' });
    expect(job.gets).toBe(0);
    await age(id);
    expect((await status(alice, id)).body.data).toMatchObject({ state: 'submitted' });
    expect(job.gets).toBe(1);
    expect((await status(alice, id)).body.data).toMatchObject({ state: 'submitted' });
    expect(job.gets).toBe(1);
    await age(id);
    const done = await status(alice, id);
    expect(done.body.data).toMatchObject({ state: 'published', articleUrl: job.articleUrl });
    expect(job.gets).toBe(2);
    // Settled: never asked again.
    await age(id);
    expect((await status(alice, id)).body.data).toMatchObject({ state: 'published' });
    expect(job.gets).toBe(2);
    expect(t.logs.join('')).toContain('wechat draft created and submitted');
  });

  it('publish_status 2, 3, 4: failed with the Chinese reason, never published', async () => {
    const reasons: Record<number, string> = { 2: '原创校验未通过', 3: '发表失败', 4: '平台审核未通过' };
    for (const code of [2, 3, 4]) {
      const articleId = await seedArticle(aliceId);
      fake.publishStatuses(code);
      const res = await publish(alice, articleId, { accountId: aliceAccount, submit: true });
      expect(res.body.data!.state).toBe('submitted');
      await age(res.body.data!.publishId);
      const failed = await status(alice, res.body.data!.publishId);
      expect(failed.body.data).toMatchObject({ state: 'failed', message: expect.stringContaining(reasons[code]!) });
      expect(failed.body.data!.articleUrl).toBeUndefined();
      if (code !== 3) expect(failed.body.data!.message).toContain('第 1 篇');
    }
    fake.publishStatuses(1, 0);
  });

  it('the background poll settles submitted publications not asked for 30 s', async () => {
    const articleId = await seedArticle(aliceId);
    fake.publishStatuses(0);
    const res = await publish(alice, articleId, { accountId: aliceAccount, submit: true });
    const id = res.body.data!.publishId;
    await age(id, 31_000);
    const settledCount = await pollSubmittedPublications({ ...wechatPublishDeps({ database: t.database, appSecret: resolveAppSecret(t.config), apiBaseUrl: fake.url, storage: t.app.storage, publicUrl: t.config.publicUrl, credentials: databaseCredentialShelf(t.database.db, t.database.kind === 'postgres') }), logger: t.logger });
    expect(settledCount).toBeGreaterThanOrEqual(1);
    expect(await row(id)).toMatchObject({ state: 'published' });
    fake.publishStatuses(1, 0);
  });

  it('freepublish/submit refused (53503): failed, the draft kept and said to be in the draft box', async () => {
    const articleId = await seedArticle(aliceId);
    fake.script('freepublish_submit', { errcode: 53503, errmsg: 'draft check failed' });
    const res = await publish(alice, articleId, { accountId: aliceAccount, submit: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errcode: 53503, data: { state: 'failed', mediaId: expect.any(String), message: expect.stringContaining('已存入草稿箱') } });
    expect(res.body.data!.message).toContain('未通过发表检查');
  });

  it('scheduleAt: 400 in Chinese for past, too soon, too far, malformed times and for limits; nothing stored or sent', async () => {
    const articleId = await seedArticle(aliceId);
    const longTitle = await seedArticle(aliceId, { title: '这是一个非常非常长的标题，它明显超过了公众号草稿箱允许的三十二个字的限制' });
    const before = drafts() + fake.uploads.length;
    const cases: [string, unknown, string][] = [
      [articleId, '2020-01-01T08:00:00+08:00', '至少要在 2 分钟之后'],
      [articleId, new Date(Date.now() + 60_000).toISOString(), '至少要在 2 分钟之后'],
      [articleId, new Date(Date.now() + 31 * 24 * HOUR).toISOString(), '不能超过 30 天'],
      [articleId, '明天早上', '格式不正确'],
      [articleId, '2030-01-01 08:00', '格式不正确'],
      [longTitle, inAnHour(), '标题有'],
    ];
    for (const [id, scheduleAt, message] of cases) {
      const res = await publish(alice, id, { accountId: aliceAccount, scheduleAt });
      expect(res.status, String(scheduleAt)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const noCover = await seedArticle(aliceId, { content: '只有文字。\n\n![外部](https://elsewhere.example/x.png)' });
    expect((await publish(alice, noCover, { accountId: aliceAccount, scheduleAt: inAnHour() })).body.message).toContain('封面');
    expect(drafts() + fake.uploads.length).toBe(before);
    for (const id of [articleId, longTitle, noCover]) expect(await t.database.db.select().from(wechatPublications).where(eq(wechatPublications.articleId, id))).toHaveLength(0);
  });

  it('a scheduled publication: queued now, run by the sweep at its time through the job queue, with its options', async () => {
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const before = drafts();
    const res = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt, author: '小马', digest: '定时摘要', theme: 'warm' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'queued', scheduledAt: new Date(scheduleAt).toISOString(), theme: 'warm' });
    expect(res.body.data!.mediaId).toBeUndefined();
    expect(drafts()).toBe(before);
    // Not yet due.
    expect(await sweepDuePublications(sweepDeps(), new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await sweepDuePublications(sweepDeps(), new Date(Date.parse(scheduleAt) + 1000))).toBe(1);
    const done = await settled(res.body.data!.publishId);
    expect(done).toMatchObject({ state: 'draft_created', attempts: 1, theme: 'warm' });
    expect(drafts()).toBe(before + 1);
    const article = (fake.drafts.at(-1)!.body.articles as Record<string, string>[])[0]!;
    expect(article).toMatchObject({ author: '小马', digest: '定时摘要' });
    expect((await status(alice, res.body.data!.publishId)).body.data).toMatchObject({ state: 'draft_created', mediaId: fake.drafts.at(-1)!.mediaId });
  });

  it('scheduled with submit: submitted at its time', async () => {
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const res = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt, submit: true });
    expect(res.body.data).toMatchObject({ state: 'queued', submit: true });
    await sweepDuePublications(sweepDeps(), new Date(Date.parse(scheduleAt) + 1000));
    expect(await settled(res.body.data!.publishId)).toMatchObject({ state: 'submitted', wechatPublishId: expect.any(String) });
  });

  it('two sweeps at once run a due publication once', async () => {
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const res = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt });
    const before = drafts();
    const at = new Date(Date.parse(scheduleAt) + 1000);
    const handed = await Promise.all([sweepDuePublications(sweepDeps(), at), sweepDuePublications(sweepDeps(), at), sweepDuePublications(sweepDeps(), at)]);
    expect(handed.reduce((a, b) => a + b, 0)).toBe(1);
    await settled(res.body.data!.publishId);
    expect(await sweepDuePublications(sweepDeps(), at)).toBe(0);
    expect(drafts()).toBe(before + 1);
  });

  it('a run that never finished is claimed again after the lease, at most 3 times, then failed', async () => {
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const res = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt });
    const id = res.body.data!.publishId;
    // A queue whose worker crashes: the job is taken and never run.
    const lost: string[] = [];
    const crashing = { db: t.database.db, queue: { submit: async (_kind: string, job: string) => void lost.push(job) }, logger: t.logger };
    let at = Date.parse(scheduleAt) + 1000;
    expect(await sweepDuePublications(crashing, new Date(at))).toBe(1);
    // Within the lease: not claimed again.
    expect(await sweepDuePublications(crashing, new Date(at + 60_000))).toBe(0);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      at += RUN_LEASE_MS + 1000;
      expect(await sweepDuePublications(crashing, new Date(at))).toBe(1);
    }
    expect(lost.filter((each) => each === id)).toHaveLength(MAX_ATTEMPTS);
    at += RUN_LEASE_MS + 1000;
    expect(await sweepDuePublications(crashing, new Date(at))).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, message: expect.stringContaining('尝试了 3 次') });
  });

  it('WeChat busy at the scheduled time: put back with a Chinese note, run again later, attempts counted', async () => {
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const res = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt });
    const id = res.body.data!.publishId;
    fake.script('draft_add', { errcode: -1, errmsg: 'system error' });
    const at = new Date(Date.parse(scheduleAt) + 1000);
    expect(await sweepDuePublications(sweepDeps(), at)).toBe(1);
    const end = Date.now() + 20_000;
    while (!(await row(id)).message && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = await row(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, mediaId: null, message: expect.stringContaining('微信系统繁忙') });
    expect(waiting.message).toContain('自动重试');
    expect((await status(alice, id)).body.data).toMatchObject({ state: 'queued', message: expect.stringContaining('自动重试') });
    expect(await sweepDuePublications(sweepDeps(), at)).toBe(1);
    expect(await settled(id)).toMatchObject({ state: 'draft_created', attempts: 2 });
  });

  it('the account unbound or the article deleted before the time: failed with a clear message, nothing sent', async () => {
    const extraAccount = await bind(alice);
    const articleId = await seedArticle(aliceId);
    const scheduleAt = inAnHour();
    const unbound = await publish(alice, articleId, { accountId: extraAccount, scheduleAt });
    const gone = await seedArticle(aliceId);
    const deleted = await publish(alice, gone, { accountId: aliceAccount, scheduleAt });
    expect((await call('DELETE', `/api/v1/publish/wechat/accounts/${extraAccount}`, alice)).status).toBe(200);
    await t.database.db.delete(articles).where(eq(articles.articleId, gone));
    const before = drafts();
    await sweepDuePublications(sweepDeps(), new Date(Date.parse(scheduleAt) + 1000));
    expect(await settled(unbound.body.data!.publishId)).toMatchObject({ state: 'failed', message: expect.stringContaining('公众号已解绑') });
    expect(await settled(deleted.body.data!.publishId)).toMatchObject({ state: 'failed', message: expect.stringContaining('文章已被删除') });
    expect(drafts()).toBe(before);
  });

  it('cancel: a queued publication is removed; one no longer queued is 409; another user’s is 404', async () => {
    const articleId = await seedArticle(aliceId);
    const queued = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt: inAnHour() });
    const id = queued.body.data!.publishId;
    expect((await call('DELETE', `/api/v1/publish/${String(id)}`, bob)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/publish/${String(id)}`, alice)).body).toEqual({ success: true, data: { publishId: id, cancelled: true } });
    expect((await status(alice, id)).status).toBe(404);
    expect(await sweepDuePublications(sweepDeps(), new Date(Date.now() + 2 * HOUR))).toBe(0);
    const now = await publish(alice, articleId, { accountId: aliceAccount });
    const late = await call('DELETE', `/api/v1/publish/${String(now.body.data!.publishId)}`, alice);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('无法取消');
    expect((await call('DELETE', '/api/v1/publish/wxp_000000000000000000000000', alice)).status).toBe(404);
  });

  it('preflight: what WeChat would strip, without any WeChat call; owner only', async () => {
    const articleId = await seedArticle(aliceId);
    const before = fake.requestCount('stable_token') + fake.uploads.length + drafts();
    const res = await call('POST', `/api/v1/articles/${articleId}/publish/wechat/preflight`, alice, { theme: 'tech' });
    expect(res.status).toBe(200);
    const report = res.body.data!;
    const kinds = report.findings!.map((finding) => finding.kind);
    for (const kind of ['external-links', 'lists', 'raw-html', 'html-class-id', 'html-position', 'external-pictures', 'convert-pictures', 'upload-pictures']) expect(kinds, kind).toContain(kind);
    expect(report.pictures).toEqual({ ours: 2, converted: 1, external: 1 });
    expect(report).toMatchObject({ ok: true, theme: 'tech' });
    expect(report.html).toContain(`/media/articles/${articleId}-1.png`);
    expect(report.html).not.toContain('elsewhere.example');
    expect(fake.requestCount('stable_token') + fake.uploads.length + drafts()).toBe(before);
    expect((await call('POST', `/api/v1/articles/${bobArticle}/publish/wechat/preflight`, alice, {})).status).toBe(404);
    expect((await call('POST', `/api/v1/articles/${articleId}/publish/wechat/preflight`, alice, { theme: 'neon' })).status).toBe(400);
  });

  it('the article’s publications, newest first, with the account’s name; owner only', async () => {
    const articleId = await seedArticle(aliceId);
    const first = await publish(alice, articleId, { accountId: aliceAccount });
    const second = await publish(alice, articleId, { accountId: aliceAccount, scheduleAt: inAnHour() });
    const list = await call('GET', `/api/v1/articles/${articleId}/publications`, alice);
    expect(list.status).toBe(200);
    const items = list.body.data as unknown as Record<string, unknown>[];
    expect(items.map((item) => item.publishId)).toEqual([second.body.data!.publishId, first.body.data!.publishId]);
    expect(items[0]).toMatchObject({ state: 'queued', scheduledAt: expect.any(String), accountName: '定时测试号', createdAt: expect.any(String) });
    expect(items[1]).toMatchObject({ state: 'draft_created', mediaId: expect.any(String), accountName: '定时测试号' });
    for (const item of items) expect(Object.keys(item)).not.toContain('userId');
    expect((await call('GET', `/api/v1/articles/${articleId}/publications`, bob)).status).toBe(404);
    expect((await status(bob, first.body.data!.publishId)).status).toBe(404);
  });

  it('the article’s theme: stored, shown in the owner’s fetch, used when publishing without one', async () => {
    const articleId = await seedArticle(aliceId);
    const wrong = await call('PUT', `/api/v1/articles/${articleId}/wechat-theme`, alice, { theme: 'neon' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('没有这个排版主题');
    expect((await call('PUT', `/api/v1/articles/${articleId}/wechat-theme`, bob, { theme: 'tech' })).status).toBe(404);
    expect((await call('PUT', `/api/v1/articles/${articleId}/wechat-theme`, alice, { theme: 'literary' })).body).toEqual({ success: true, data: { articleId, theme: 'literary' } });
    const fetched = await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${articleId}`, headers: { cookie: alice.cookie } });
    expect(fetched.json()).toMatchObject({ wechat_theme: 'literary' });
    const res = await publish(alice, articleId, { accountId: aliceAccount });
    expect(res.body.data).toMatchObject({ theme: 'literary' });
    const asked = await publish(alice, articleId, { accountId: aliceAccount, theme: 'tech', scheduleAt: inAnHour() });
    expect(asked.body.data).toMatchObject({ theme: 'tech' });
  });
});
