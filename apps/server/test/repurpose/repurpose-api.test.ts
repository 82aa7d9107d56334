import type { AddressInfo } from 'node:net';
import { REPURPOSE_PLATFORM_ERROR, REPURPOSE_PLATFORM_IDS, type RepurposePlatform, repurposeCostCoins } from '@tianma/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles, articleVersions } from '../../src/articles/tables.js';
import { adjustBalance } from '../../src/billing/adjust-balance.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger } from '../../src/billing/tables.js';
import { generationEvents, generationTasks } from '../../src/generation/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

/*
 * 一稿多发 over HTTP (decision 075), on the offline path: POST /api/v1/articles/{articleId}/repurpose
 * starts a priced task on the generation's queue; it ends as a new article linked to its source,
 * shown in my articles with repurposedFor and sourceArticleId. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

type Owner = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let baseUrl: string;
let alice: Owner;
let bob: Owner;
let source: string;
let bobArticle: string;
let price: number;

const balanceOf = async (owner: Owner) => (await t.database.db.select().from(users).where(eq(users.username, owner.username)))[0]!.coinBalance;
const ledgerOf = async (owner: Owner) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, owner.username));
  return t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, row!.id)).orderBy(asc(coinLedger.id));
};
const repurpose = (owner: Owner | null, articleId: string, body: unknown) => post(t, `/api/v1/articles/${articleId}/repurpose`, body, owner?.cookie);

async function generated(owner: Owner, topic: string): Promise<string> {
  const started = await generate(t, owner.cookie, { topic, settings: GUIDED });
  expect(started.statusCode).toBe(200);
  expect((await waitForTask(t, started.json().task_id, 60_000)).status).toBe('completed');
  return started.json().article_id as string;
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await signedInUser(t);
  bob = await signedInUser(t);
  source = await generated(alice, '春季护肤');
  bobArticle = await generated(bob, '秋季养生');
  price = repurposeCostCoins(t.config.generation.costCoins);
});
afterAll(() => t.close());

describe('POST /api/v1/articles/{articleId}/repurpose', () => {
  it.each(REPURPOSE_PLATFORM_IDS.map((platform) => [platform]))('turns an article into %s: a linked article, listed, charged once', async (platform: RepurposePlatform) => {
    const before = await balanceOf(alice);
    const res = await repurpose(alice, source, { platform });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', code: 0, error: null });
    expect(body.message).toEqual(expect.any(String));
    expect(body.task_id).toMatch(/^[a-f0-9]{24}$/);
    expect(body.article_id).not.toBe(source);
    const task = await waitForTask(t, body.task_id, 60_000);
    expect(task.status).toBe('completed');
    expect(task.holdCoins).toBe(price);

    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, body.article_id));
    expect(row).toMatchObject({ sourceArticleId: source, repurposedFor: platform, platform, writtenBy: 'offline', userId: expect.any(Number) });
    expect(row!.content).toMatch(/^# /u);
    expect(row!.wordCount).toBeGreaterThan(100);
    expect(row!.metadata).toMatchObject({ offline: true, repurpose: { sourceArticleId: source, platform }, taskId: body.task_id });
    const versions = await t.database.db.select().from(articleVersions).where(eq(articleVersions.articleId, row!.id));
    expect(versions.map((version) => version.source)).toEqual(['generate']);

    const status = await t.app.inject({ method: 'GET', url: `/api/v1/articles/${body.task_id}/status`, headers: { cookie: alice.cookie } });
    expect(status.json()).toMatchObject({ status: 'completed', currentStep: 'completed', article_id: body.article_id, details: { progress: 100 } });
    const md = await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${body.article_id}?content_type=md`, headers: { cookie: alice.cookie } });
    expect(md.json()).toMatchObject({ code: 0, offline: true, title: row!.title, repurposed_for: platform, source_article_id: source });

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/articles/user/${alice.deepspaceId}/page?page=1&size=50`, headers: { cookie: alice.cookie } });
    const items = page.json().data as { articleId: string; repurposedFor: string | null; sourceArticleId: string | null }[];
    expect(items.find((item) => item.articleId === body.article_id)).toMatchObject({ repurposedFor: platform, sourceArticleId: source });
    expect(items.find((item) => item.articleId === source)).toMatchObject({ repurposedFor: null, sourceArticleId: null });

    // Held once, settled once: the price is gone from the balance and the ledger agrees.
    expect(await balanceOf(alice)).toBe(before - price);
    const entries = (await ledgerOf(alice)).filter((entry) => entry.ref === body.task_id);
    expect(entries.map((entry) => [entry.kind, entry.delta])).toEqual([['hold', -price]]);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it("answers 404 for another user's article or an unknown one, before holding a coin", async () => {
    const before = await balanceOf(alice);
    const entries = (await ledgerOf(alice)).length;
    for (const id of [bobArticle, 'no-such-article', 'x'.repeat(80)]) {
      const res = await repurpose(alice, id, { platform: 'zhihu' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', message: '未找到该文章' });
    }
    expect(await balanceOf(alice)).toBe(before);
    expect((await ledgerOf(alice)).length).toBe(entries);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, alice.username));
    const tasks = await t.database.db.select().from(generationTasks).where(and(eq(generationTasks.userId, row!.id), eq(generationTasks.status, 'queued')));
    expect(tasks).toEqual([]);
  });

  it('answers 400 in Chinese for a platform it does not know, and for a source without prose', async () => {
    for (const body of [{ platform: 'weibo' }, {}, { platform: 3 }]) {
      const res = await repurpose(alice, source, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: REPURPOSE_PLATFORM_ERROR });
    }
    const [owner] = await t.database.db.select({ userId: articles.userId }).from(articles).where(eq(articles.articleId, source));
    await t.database.db.insert(articles).values({ articleId: 'empty-source-1', userId: owner!.userId, title: '空文章', content: '# 空文章\n\n![图](/media/x.png)\n' });
    const empty = await repurpose(alice, 'empty-source-1', { platform: 'toutiao' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('原文没有可转换的正文');
  });

  it('asks a visitor to sign in (401)', async () => {
    const res = await repurpose(null, source, { platform: 'xiaohongshu' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses when the coins do not cover it (402 余额不足), holding nothing', async () => {
    const poor = await signedInUser(t);
    const own = await generated(poor, '周末露营');
    const left = await balanceOf(poor);
    await adjustBalance(t.database.db, { user: poor.username, delta: -(left - (price - 1)), reason: '测试' });
    const res = await repurpose(poor, own, { platform: 'video_script' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 'error', code: 1006 });
    expect(res.json().message).toContain('余额不足');
    expect(await balanceOf(poor)).toBe(price - 1);
  });

  it('tells the price before the click', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/articles/repurpose/quote', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { coins: price, balance: await balanceOf(alice), enough: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/articles/repurpose/quote' })).statusCode).toBe(401);
  });
});

describe('the progress of a repurpose task', () => {
  it('streams its steps on the generation stream, in order, ending with completed', async () => {
    const { task_id: taskId } = (await repurpose(alice, source, { platform: 'xiaohongshu' })).json();
    await waitForTask(t, taskId, 60_000);
    const res = await fetch(`${baseUrl}/api/v1/articles/generate/stream/${taskId}`, { headers: { cookie: alice.cookie, 'Last-Event-ID': '0' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const frames = text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { type: string; currentStep: string; details: Record<string, unknown> });
    const steps = frames.filter((frame) => frame.type !== 'connection_established').map((frame) => frame.currentStep);
    expect(steps).toEqual(['analyze_topic', 'parallel_section_generation', 'generate_article', 'completed']);
    const percents = frames.filter((frame) => frame.type !== 'connection_established').map((frame) => Number(frame.details.progress));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(frames.at(-1)!.details.message).toContain('3:4 图片卡片');
    const [row] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, row!.id));
    expect(events).toHaveLength(4);
  });
});
