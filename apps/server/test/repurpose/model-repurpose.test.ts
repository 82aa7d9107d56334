import { type RepurposePlatform, repurposeCostCoins } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { REPURPOSE_ROLE } from '../../src/repurpose/prompts.js';
import { type FakeRequest, type FakeStep, lastUserMessage, type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { waitForTask } from '../helpers/generation.js';
import { CYCLING } from './source-articles.js';

/*
 * 一稿多发 with a model: a test app configured with LLM_* pointing at the scripted OpenAI-compatible
 * fake. One call per task (two when the form is missing a part), usage counted on the task, and
 * the reply held to the form's limits: titles cut, no clickbait, no invented picture, 5–8 #话题.
 */

let fake: OpenAiFake;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let source: string;
let stubborn: string;
let price: number;

const INVENTED_PICTURE = 'https://invented.example/bike.png';

/** The platform a repurpose request is for, by the form its system prompt names. */
function platformOf(request: FakeRequest): RepurposePlatform | null {
  const system = request.body?.messages?.[0]?.content ?? '';
  if (!system.startsWith(REPURPOSE_ROLE)) return null;
  if (system.includes('改写成小红书笔记')) return 'xiaohongshu';
  if (system.includes('改写成知乎回答')) return 'zhihu';
  if (system.includes('改写成今日头条文章')) return 'toutiao';
  return 'video_script';
}

const SCRIPT_BODY = `## 开头3秒钩子

**0:00–0:03** 单程8公里骑一年？

## 口播稿

**0:03–0:20** 从家到公司单程8公里，骑车稳定在30分钟左右。

## 分镜表

| 镜头 | 画面 | 台词 | 时长 |
| --- | --- | --- | --- |
| 1 | 字幕「单程8公里」 | 单程8公里骑一年？ | 3秒 |
| 2 | 原文图片「清晨的自行车道」 | 从家到公司单程8公里，骑车稳定在30分钟左右。 | 17秒 |
`;

function answer(request: FakeRequest): FakeStep {
  const platform = platformOf(request);
  if (!platform) return { status: 500 };
  const stubbornSource = (request.body?.messages?.[1]?.content ?? '').includes('原文标题：永远缺表');
  switch (platform) {
    case 'xiaohongshu':
      return { text: `# 🚲通勤骑行一年的真实经验城市车才是最优解分享\n\n从家到公司单程8公里，我骑了整整一年。\n\n✅ 城市车带挡泥板和货架，下雨天裤腿也不会溅湿。\n\n![编的图](${INVENTED_PICTURE})\n\n#骑行 #通勤`, finishReason: 'stop' };
    case 'zhihu':
      return { text: '# 城市通勤骑行一年，我总结了这些经验\n\n先说结论：骑车通勤省下的不只是车费，还有每天固定的运动时间。\n\n## 选车\n\n路面坑洼多的话，胎宽至少选32毫米。', finishReason: 'stop' };
    case 'toutiao':
      return { text: '# 震惊！！骑车上班一年瘦了4公斤\n\n从家到公司单程8公里。骑车稳定在30分钟左右。\n\n![清晨的自行车道](/media/articles/cycling-cover.png)\n\n## 安全\n\n前灯亮度建议在400流明以上。', finishReason: 'stop' };
    case 'video_script': {
      // The first answer forgets the shot list; the corrective retry brings it (never for the stubborn source).
      const retried = (request.body?.messages ?? []).length > 2;
      const body = retried && !stubbornSource ? SCRIPT_BODY : SCRIPT_BODY.split('## 分镜表')[0]!;
      return { text: `# 骑车通勤一年\n\n${body}`, finishReason: 'stop' };
    }
  }
}

const balance = async () => (await t.database.db.select().from(users).where(eq(users.username, alice.username)))[0]!.coinBalance;
const repurpose = (articleId: string, platform: RepurposePlatform) => post(t, `/api/v1/articles/${articleId}/repurpose`, { platform }, alice.cookie);
const requestsFor = (taskStart: number) => fake.requests.slice(taskStart).filter((request) => platformOf(request) !== null);

beforeAll(async () => {
  fake = await startOpenAiFake();
  fake.setResponder(answer);
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-writer', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '3000' });
  alice = await signedInUser(t);
  const [row] = await t.database.db.select().from(users).where(eq(users.username, alice.username));
  source = 'cycling-source-1';
  stubborn = 'cycling-source-2';
  await t.database.db.insert(articles).values([
    { articleId: source, userId: row!.id, title: CYCLING.title, content: CYCLING.content, imageUrl: CYCLING.imageUrl },
    { articleId: stubborn, userId: row!.id, title: '永远缺表', content: CYCLING.content.replace(/^# .*$/mu, '# 永远缺表') },
  ]);
  price = repurposeCostCoins(t.config.generation.costCoins);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('repurposing with a model', () => {
  it('sends one prompt with the source and the platform’s form, and forbids facts the source lacks', async () => {
    const start = fake.requests.length;
    const { task_id: taskId, article_id: articleId } = (await repurpose(source, 'zhihu')).json();
    const task = await waitForTask(t, taskId);
    expect(task.status).toBe('completed');
    const calls = requestsFor(start);
    expect(calls).toHaveLength(1);
    const [system, user] = calls[0]!.body!.messages!;
    expect(system!.content).toContain('不得编造原文没有的数字、案例、引语、来源或亲身经历');
    expect(system!.content).toContain('先说结论：');
    expect(user!.content).toContain(`原文标题：${CYCLING.title}`);
    expect(user!.content).toContain('胎宽至少选32毫米');
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, articleId));
    expect(row).toMatchObject({ writtenBy: 'fake-writer', repurposedFor: 'zhihu', sourceArticleId: source, platform: 'zhihu', imageUrl: CYCLING.imageUrl });
    expect(row!.content).toMatch(/^# 城市通勤骑行一年，我总结了这些经验\n\n先说结论：/u);
    expect(row!.metadata).toMatchObject({ offline: false, repurpose: { platform: 'zhihu', sourceArticleId: source } });
    expect(task.usage).toMatchObject({ stages: { writing: { calls: 1 } } });
    expect((task.usage as { total: { totalTokens: number } }).total.totalTokens).toBeGreaterThan(0);
  });

  it('holds the note to 小红书’s limits: the title cut to 20 characters, no invented picture, 5–8 #话题', async () => {
    const { task_id: taskId, article_id: articleId } = (await repurpose(source, 'xiaohongshu')).json();
    expect((await waitForTask(t, taskId)).status).toBe('completed');
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, articleId));
    expect([...row!.title].length).toBeLessThanOrEqual(20);
    expect(row!.content.split('\n')[0]).toBe(`# ${row!.title}`);
    expect(row!.content).not.toContain(INVENTED_PICTURE);
    const tags = row!.content.match(/(?:^|\s)#[^\s#]+/gu)!.map((tag) => tag.trim());
    expect(tags.length).toBeGreaterThanOrEqual(5);
    expect(tags.slice(0, 2)).toEqual(['#骑行', '#通勤']);
    expect((row!.metadata as { hashtags: string[] }).hashtags).toEqual(tags);
  });

  it('gives 头条 a calm headline and the source’s pictures as covers', async () => {
    const { task_id: taskId, article_id: articleId } = (await repurpose(source, 'toutiao')).json();
    expect((await waitForTask(t, taskId)).status).toBe('completed');
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, articleId));
    expect(row!.title).toBe('骑车上班一年瘦了4公斤');
    expect((row!.metadata as { covers: string[] }).covers).toEqual(['/media/articles/cycling-cover.png', '/media/articles/cycling-bike.jpg']);
    expect(row!.content).toContain('![清晨的自行车道](/media/articles/cycling-cover.png)');
  });

  it('asks once more when the script lacks its shot list, and counts both calls', async () => {
    const start = fake.requests.length;
    const { task_id: taskId, article_id: articleId } = (await repurpose(source, 'video_script')).json();
    const task = await waitForTask(t, taskId);
    expect(task.status).toBe('completed');
    const calls = requestsFor(start);
    expect(calls).toHaveLength(2);
    expect(lastUserMessage(calls[1]!)).toContain('缺少分镜表');
    expect(task.usage).toMatchObject({ stages: { writing: { calls: 2 } } });
    const [row] = await t.database.db.select().from(articles).where(eq(articles.articleId, articleId));
    expect(row!.content).toContain('| 镜头 | 画面 | 台词 | 时长 |');
  });

  it('fails the task and gives the coins back when the form never comes', async () => {
    const before = await balance();
    const { task_id: taskId, article_id: articleId } = (await repurpose(stubborn, 'video_script')).json();
    const task = await waitForTask(t, taskId);
    expect(task.status).toBe('error');
    expect(task.error).toBe('生成过程出现错误，请稍后重试');
    expect(await balance()).toBe(before);
    expect(await t.database.db.select().from(articles).where(eq(articles.articleId, articleId))).toEqual([]);
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    // Four repurposes settled before this one, each at the repurpose price.
    expect(before).toBe(300 - 3 * price - price);
  });
});
