import type { AddressInfo } from 'node:net';
import { STANDARD_STEPS } from '@tianma/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adjustBalance } from '../../src/billing/adjust-balance.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger } from '../../src/billing/tables.js';
import type { Agents } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { failTask } from '../../src/generation/fail-task.js';
import { generationEvents, generationTasks } from '../../src/generation/tables.js';
import type { InProcessTaskRunner } from '../../src/generation/task-runner.js';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, gate, generate, instrument, waitForTask } from '../helpers/generation.js';

const hooks: Partial<Record<keyof Agents, (call: number) => Promise<void> | void>> = {};
const instrumented = instrument(new OfflineComposer(), hooks);
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { generation: { agents: instrumented.agents } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());
beforeEach(() => {
  for (const key of Object.keys(hooks)) delete hooks[key as keyof Agents];
});

const balanceOf = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.coinBalance;

describe('starting a task', () => {
  it('asks a visitor to sign in', async () => {
    const res = await generate(t, '', { topic: '远程办公效率', settings: GUIDED });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'error', message: '请先登录' });
  });

  it.each([
    [{ topic: '   ' }, '请输入文章主题'],
    [{ settings: { ...GUIDED, length: 100 } }, '文章长度不能少于200字'],
    [{ settings: { ...GUIDED, length: 6100 } }, '文章长度不能超过6000字'],
    [{ settings: { ...GUIDED, platform: 'weibo' } }, '请选择发布平台'],
    [{ settings: { ...GUIDED, audience: 'custom', customAudience: '' } }, '请填写自定义目标受众'],
  ])('refuses %o with a Chinese message and reserves nothing', async (change, message) => {
    const user = await signedInUser(t);
    const res = await generate(t, user.cookie, { topic: '远程办公效率', settings: GUIDED, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message });
    expect(await balanceOf(user.username)).toBe(300);
  });

  it('refuses advanced mode to a basic user as a business limit (权限不足)', async () => {
    const user = await signedInUser(t);
    const res = await generate(t, user.cookie, { topic: '远程办公效率', advanced_mode: true, settings: { length: 3000 } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 'error', code: 1006 });
    expect(res.json().message).toContain('权限不足');
  });

  it('refuses when the coins do not cover an article (余额不足)', async () => {
    const user = await signedInUser(t);
    await adjustBalance(t.database.db, { user: user.username, delta: -250, reason: '测试' });
    const res = await generate(t, user.cookie, { topic: '远程办公效率', settings: GUIDED });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: 'error', code: 1006 });
    expect(res.json().message).toContain('余额不足');
    expect(await balanceOf(user.username)).toBe(50);
  });

  it('allows two running tasks per user, not three (生成次数)', async () => {
    const hold = gate();
    hooks.analyzeTopic = () => hold.opened;
    const user = await signedInUser(t);
    const first = await generate(t, user.cookie, { topic: '任务一', settings: GUIDED });
    const second = await generate(t, user.cookie, { topic: '任务二', settings: GUIDED });
    const third = await generate(t, user.cookie, { topic: '任务三', settings: GUIDED });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status: 'error', code: 1006 });
    expect(third.json().message).toContain('生成次数');
    expect(await balanceOf(user.username)).toBe(300 - 2 * 67);
    hold.open();
    await waitForTask(t, first.json().task_id);
    await waitForTask(t, second.json().task_id);
  });

  it("refuses another user's deepspaceId with 403", async () => {
    const user = await signedInUser(t);
    const res = await generate(t, user.cookie, { topic: '主题', settings: GUIDED, deepspaceId: String(user.deepspaceId + 1) });
    expect(res.statusCode).toBe(403);
  });
});

describe('a guided article from start to end', () => {
  it('runs the 10 standard steps in order, stores the article and charges 67 coins once', async () => {
    const user = await signedInUser(t);
    const res = await generate(t, user.cookie, { topic: '职场新人如何高效管理时间', settings: GUIDED, deepspaceId: String(user.deepspaceId) });
    expect(res.statusCode).toBe(200);
    const { task_id: taskId, article_id: articleId } = res.json();
    expect(res.json()).toMatchObject({ status: 'success', code: 0 });
    const task = await waitForTask(t, taskId);
    expect(task.status).toBe('completed');

    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id)).orderBy(asc(generationEvents.seq));
    const steps = [...new Set(events.map((event) => event.currentStep))];
    expect(steps).toEqual(STANDARD_STEPS.map((entry) => entry.step));
    const percents = events.map((event) => Number((event.details as { progress?: number }).progress ?? 0));
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(events.filter((event) => ['completed', 'error'].includes(event.currentStep))).toHaveLength(1);

    const status = await t.app.inject({ method: 'GET', url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ currentStep: 'completed', details: { progress: 100, article_id: articleId } });

    const md = await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${articleId}?content_type=md`, headers: { cookie: user.cookie } });
    expect(md.json()).toMatchObject({ code: 0, status: 'success', article_id: articleId, offline: true });
    expect(md.json().content).toMatch(/^# /);
    const html = await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${articleId}?content_type=html`, headers: { cookie: user.cookie } });
    expect(html.json().content).toContain('<h1>');

    expect(await balanceOf(user.username)).toBe(233);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, row!.id));
    expect(ledger.map((entry) => [entry.kind, entry.delta])).toEqual([
      ['registration_gift', 300],
      ['hold', -67],
    ]);
  });

  it("keeps other users' tasks and articles out of reach", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { task_id: taskId, article_id: articleId } = (await generate(t, owner.cookie, { topic: '私人文章', settings: GUIDED })).json();
    await waitForTask(t, taskId);
    for (const url of [`/api/v1/articles/${taskId}/status`, `/api/v1/articles/articles/${articleId}`, `/api/v1/articles/generate/stream/${taskId}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe('error');
    }
  });
});

describe('an advanced article', () => {
  async function proUser() {
    const user = await signedInUser(t);
    // Pro through the database here; the payment path to Pro is tested in billing.
    await t.database.db.update(users).set({ level: 1, subscriptionExpiry: sql`now() + interval '30 days'` }).where(eq(users.username, user.username));
    return user;
  }
  const ADVANCED = { audience: 'custom', customAudience: '新手爸妈', industry: 'education', length: 1500, platform: 'zhihu', enableSeo: true, seoKeywords: '早教,亲子阅读' };

  it('runs the advanced steps with the pasted reference style and SEO', async () => {
    const user = await proUser();
    const before = instrumented.calls.extractStyle ?? 0;
    const res = await generate(t, user.cookie, {
      topic: '如何给两岁孩子挑绘本',
      advanced_mode: true,
      settings: { ...ADVANCED, useReferenceDoc: true, referenceText: '你有没有发现？孩子总是抢着翻页！其实，挑绘本只看三点。第一，画面要大。第二，句子要短。第三，要能互动。' },
    });
    expect(res.statusCode).toBe(200);
    const task = await waitForTask(t, res.json().task_id);
    expect(task.status).toBe('completed');
    expect(instrumented.calls.extractStyle).toBe(before + 1);
    const steps = (await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id))).map((event) => event.currentStep);
    expect(steps).toEqual(expect.arrayContaining(['extract_reference_style', 'apply_seo_optimization', 'completed']));
    const md = (await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${task.articleId}`, headers: { cookie: user.cookie } })).json().content;
    expect(md).toContain('亲子阅读');
  });

  it('goes on without a style when the reference URL points at a private address', async () => {
    const user = await proUser();
    const res = await generate(t, user.cookie, {
      topic: '如何给两岁孩子挑绘本',
      advanced_mode: true,
      settings: { ...ADVANCED, useReferenceDoc: true, referenceUrl: 'http://127.0.0.1:9/article' },
    });
    const task = await waitForTask(t, res.json().task_id);
    expect(task.status).toBe('completed');
    const messages = (await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id))).map(
      (event) => (event.details as { message?: string }).message ?? '',
    );
    expect(messages.some((message) => message.startsWith('参考文章读取失败（') && message.includes('内网'))).toBe(true);
  });
});

describe('failures, cancellation and refunds', () => {
  it('refunds the coins and ends with one error event when a stage fails', async () => {
    hooks.writeSection = () => {
      throw new Error('boom');
    };
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '会失败的任务', settings: GUIDED })).json();
    const task = await waitForTask(t, taskId);
    expect(task).toMatchObject({ status: 'error', error: '生成过程出现错误，请稍后重试', currentStep: 'error' });
    expect(await balanceOf(user.username)).toBe(300);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  });

  it('lets the owner cancel a running task, refunding it', async () => {
    const hold = gate();
    hooks.outline = () => hold.opened;
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '取消的任务', settings: GUIDED })).json();
    await expect.poll(async () => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]?.currentStep).toBe(
      'create_enhanced_outline',
    );
    const res = await post(t, `/api/v1/articles/${taskId}/cancel`, {}, user.cookie);
    expect(res.json()).toMatchObject({ status: 'success' });
    hold.open();
    const task = await waitForTask(t, taskId);
    expect(task.status).toBe('cancelled');
    expect(await balanceOf(user.username)).toBe(300);
    expect((await post(t, `/api/v1/articles/${taskId}/cancel`, {}, user.cookie)).statusCode).toBe(409);
  });
  it('stops a worker that missed the cancellation at its next step, writing nothing after the final event', async () => {
    const hold = gate();
    hooks.outline = () => hold.opened;
    const user = await signedInUser(t);
    const { task_id: taskId, article_id: articleId } = (await generate(t, user.cookie, { topic: '另一进程取消', settings: GUIDED })).json();
    await expect.poll(async () => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]?.currentStep).toBe(
      'create_enhanced_outline',
    );
    const [row] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    // As if the cancel came from an API process that cannot reach this worker.
    await failTask({ db: t.database.db, bus: t.app.generation.bus }, row!, '任务已取消', 'cancelled');
    hold.open();
    const runner = t.app.generation.queue as InProcessTaskRunner;
    await expect.poll(() => runner.isRunning(taskId)).toBe(false);
    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, row!.id)).orderBy(asc(generationEvents.seq));
    expect(events.at(-1)).toMatchObject({ currentStep: 'error' });
    expect(events.filter((event) => event.currentStep === 'error')).toHaveLength(1);
    const [after] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId));
    expect(after).toMatchObject({ status: 'cancelled', currentStep: 'error' });
    expect(await t.database.db.select().from(articles).where(eq(articles.articleId, articleId))).toHaveLength(0);
    expect(await balanceOf(user.username)).toBe(300);
  });
});

describe('the progress stream', () => {
  /** The stream's frames once it ends; `onConnected` runs when connection_established arrives. */
  async function readStream(url: string, cookie: string, headers: Record<string, string> = {}, onConnected?: () => void) {
    const res = await fetch(`${baseUrl}${url}`, { headers: { cookie, ...headers } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of res.body!) {
      text += decoder.decode(chunk, { stream: true });
      if (onConnected && text.includes('connection_established')) {
        onConnected();
        onConnected = undefined;
      }
    }
    return text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => ({
        id: /^id: (\d+)$/m.exec(block)?.[1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { type: string; currentStep: string; details: Record<string, unknown> },
      }));
  }

  it('sends connection_established, then every step with ids, then ends after the final event; resumes after Last-Event-ID', async () => {
    const hold = gate();
    hooks.analyzeTopic = () => hold.opened;
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '流式进度', settings: GUIDED })).json();
    // The task goes on once the stream is connected: the steps after analyze_topic arrive live.
    const frames = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie, {}, hold.open);
    expect(frames[0]!.data.type).toBe('connection_established');
    const progress = frames.slice(1);
    const ids = progress.map((frame) => Number(frame.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(progress.at(-1)!.data.currentStep).toBe('completed');
    expect(progress.filter((frame) => frame.data.currentStep === 'completed')).toHaveLength(1);
    const percents = progress.map((frame) => Number(frame.data.details.progress ?? 0));
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const resumed = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie, { 'Last-Event-ID': String(ids[2]) });
    expect(resumed.slice(1).map((frame) => Number(frame.id))).toEqual(ids.slice(3));
    // Last-Event-ID 0: every event from the first, though the task has ended (decision 055).
    const replayed = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie, { 'Last-Event-ID': '0' });
    const replayedIds = replayed.slice(1).map((frame) => Number(frame.id));
    expect(replayedIds.every((id, i) => i === 0 || id > replayedIds[i - 1]!)).toBe(true);
    expect(replayedIds).toEqual(expect.arrayContaining(ids));
    expect(replayed[1]!.data.currentStep).toBe('search_and_extract');
    expect(replayed.at(-1)!.data.currentStep).toBe('completed');
    const current = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie);
    expect(current.slice(1).map((frame) => frame.data.currentStep)).toEqual(['completed']);

    const status = await t.app.inject({ method: 'GET', url: `/api/v1/articles/${taskId}/status`, headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ currentStep: progress.at(-1)!.data.currentStep, eventId: ids.at(-1) });
  });

  it('sends global_timeout once a task has run for 18 minutes, and the task keeps its coins reserved', async () => {
    const hold = gate();
    hooks.outline = () => hold.opened;
    const user = await signedInUser(t);
    const { task_id: taskId } = (await generate(t, user.cookie, { topic: '很慢的任务', settings: GUIDED })).json();
    await expect.poll(async () => (await t.database.db.select().from(generationTasks).where(eq(generationTasks.taskId, taskId)))[0]?.currentStep).toBe(
      'create_enhanced_outline',
    );
    await t.database.db.update(generationTasks).set({ createdAt: sql`now() - interval '19 minutes'` }).where(eq(generationTasks.taskId, taskId));
    const frames = await readStream(`/api/v1/articles/generate/stream/${taskId}`, user.cookie);
    expect(frames.map((frame) => frame.data.type)).toEqual(['connection_established', 'progress', 'global_timeout']);
    expect(frames.at(-1)!.data.details.message).toBe('任务执行超时（18分钟），后台任务仍在执行中，请稍后在"我的文章"中查看');
    expect(await balanceOf(user.username)).toBe(233);
    hold.open();
    expect((await waitForTask(t, taskId)).status).toBe('completed');
  });
});
