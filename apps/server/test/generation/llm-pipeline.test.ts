import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADVANCED_STEPS, STANDARD_STEPS } from '@tianma/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBalanceMismatches } from '../../src/billing/reconcile.js';
import { coinLedger } from '../../src/billing/tables.js';
import { BAD_JSON_CORRECTION } from '../../src/generation/agents/llm-agents.js';
import { PLATFORM_CONVENTIONS } from '../../src/generation/agents/prompts/platform-conventions.js';
import { SECTION_ROLE } from '../../src/generation/agents/prompts/section.js';
import { TASK_HEADING } from '../../src/generation/agents/prompts/shared-context.js';
import { generationEvents, generationStageOutputs, type GenerationTaskRow, generationTasks } from '../../src/generation/tables.js';
import { CONTENT_REFUSED_MESSAGE } from '../../src/providers/llm/llm-failure.js';
import { CONTINUE_INSTRUCTION } from '../../src/providers/llm/openai-compatible.js';
import { users } from '../../src/accounts/tables.js';
import { type FakeRequest, type FakeStep, lastUserMessage, type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { generate, waitForTask } from '../helpers/generation.js';
import { type Agent, agentOf, ANALYSIS, BUDGETS_2000, BUDGETS_3000, COMBINED_TITLE, HEADINGS, promptOf, REFERENCE, SCRIPT, SEARCH_RESULTS, sectionBody, sectionOf, SEO_TITLE, STYLE, systemOf, topicOf, TRANSITION, junctionParagraphs } from '../fixtures/scripted-model.js';

/*
 * The whole writing engine against a model: a test app configured with LLM_* pointing at the
 * scripted OpenAI-compatible fake (and a fake SearXNG for material), driven through
 * POST /api/v1/articles/generate. The fake answers each agent by the role line of its system
 * prompt, records every request, and a per-topic fault script decides what each try gets.
 */


interface Call {
  agent: Agent;
  /** The section of a writing call. */
  section: number;
  /** 1 for the first request of this agent (and section) in this task, 2 for the next… */
  attempt: number;
  request: FakeRequest;
}
/** A test's fault script: the step for a call, or undefined for the default answer. */
type FaultScript = (call: Call) => FakeStep | undefined;

let fake: OpenAiFake;
let search: http.Server;
const searchQueries: string[] = [];
let t: TestApp;
/** Each test uses its own topic; its requests and its fault script are found by it. */
const scripts = new Map<string, FaultScript>();
const tries = new Map<string, number>();

beforeAll(async () => {
  fake = await startOpenAiFake();
  fake.setResponder((request) => {
    const agent = agentOf(request);
    const section = agent === 'section' ? sectionOf(request) : -1;
    const key = `${topicOf(request)}|${agent}|${section}`;
    const attempt = (tries.get(key) ?? 0) + 1;
    tries.set(key, attempt);
    return scripts.get(topicOf(request))?.({ agent, section, attempt, request }) ?? SCRIPT[agent](request);
  });
  // A SearXNG instance on loopback, so the agents get material to carry and to shrink.
  search = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    searchQueries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results: SEARCH_RESULTS }));
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    TRUST_PROXY: 'true',
    LLM_BASE_URL: fake.url,
    LLM_MODEL: 'fake-writer',
    LLM_OUTLINE_MODEL: 'fake-outliner',
    LLM_API_KEY: 'sk-test',
    // A stalled stream is given up after three seconds: short enough for the test, long enough that
    // a sound call on a loaded CI machine (suites and browsers side by side) is not cut as well.
    LLM_TIMEOUT_MS: '3000',
    SEARCH_PROVIDER: 'searxng',
    // The results name example.com: their pages are not read (nothing leaves this machine).
    SEARCH_READ_PAGES: '0',
    SEARCH_BASE_URL: `http://127.0.0.1:${(search.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  search?.closeAllConnections();
  await new Promise((resolve) => search?.close(resolve));
});

/** This topic's requests, in order, optionally of one agent (and one section). */
function requestsOf(topic: string, agent?: Agent, section?: number): FakeRequest[] {
  return fake.requests.filter(
    (request) => topicOf(request) === topic && (!agent || agentOf(request) === agent) && (section === undefined || sectionOf(request) === section),
  );
}
function countsOf(topic: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of requestsOf(topic)) {
    const agent = agentOf(request);
    const key = agent === 'section' ? `section:${sectionOf(request)}` : agent;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
/** The usage the fake put on the wire for this topic's requests. */
function reportedUsage(topic: string) {
  const sum: { promptTokens: number; completionTokens: number; totalTokens: number; cachedPromptTokens?: number } = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for (const request of requestsOf(topic)) {
    const usage = request.answer.usage;
    sum.promptTokens += usage?.prompt_tokens ?? 0;
    sum.completionTokens += usage?.completion_tokens ?? 0;
    sum.totalTokens += usage?.total_tokens ?? 0;
    const cached = usage?.prompt_tokens_details?.cached_tokens ?? usage?.prompt_cache_hit_tokens;
    if (cached !== undefined) sum.cachedPromptTokens = (sum.cachedPromptTokens ?? 0) + cached;
  }
  return sum;
}
/** The part of a prompt before the agent's own task: the system text and the first user block. */
function stablePart(request: FakeRequest): { system: string; block: string } {
  const user = request.body?.messages?.find((message) => message.role === 'user')?.content ?? '';
  return { system: systemOf(request), block: user.slice(0, user.indexOf(TASK_HEADING)) };
}
/**
 * Every call of the task opens with the same system text and the same first user block (the
 * brief, then the outline once it exists), byte for byte, so a provider's prefix cache hits.
 */
function expectStablePrefix(topic: string) {
  const requests = requestsOf(topic);
  const before = requests.filter((request) => ['analysis', 'style', 'outline'].includes(agentOf(request)));
  const after = requests.filter((request) => !['analysis', 'style', 'outline'].includes(agentOf(request)));
  expect(new Set(requests.map((request) => systemOf(request))).size).toBe(1);
  const blocks = new Set(after.map((request) => stablePart(request).block));
  expect(blocks.size).toBe(1);
  const [block] = [...blocks] as [string];
  expect(block).toMatch(/^【创作要求】\n[\s\S]+【\/创作要求】\n\n【全文大纲】\n[\s\S]+【\/全文大纲】\n\n$/u);
  for (const [i, heading] of HEADINGS.entries()) expect(block).toContain(`${i + 1}. ${heading}（约 `);
  const briefBlock = block.slice(0, block.indexOf('【全文大纲】'));
  for (const request of before) expect(stablePart(request).block).toBe(briefBlock);
  // The section calls share that prefix, their rules too, and differ from the section's own task on.
  const sections = requestsOf(topic, 'section').map((request) => promptOf(request));
  const common = sections.reduce((prefix, prompt) => {
    let n = 0;
    while (n < prefix.length && prefix[n] === prompt[n]) n++;
    return prefix.slice(0, n);
  });
  expect(common.startsWith(`${systemOf(after[0]!)}\n${block}${TASK_HEADING}${SECTION_ROLE}\n`)).toBe(true);
  expect(common.endsWith('你的任务：撰写「')).toBe(true);
}
const occurrences = (text: string, part: string) => text.split(part).length - 1;

let topicCounter = 0;
async function start(topic: string, settings: Record<string, unknown>, options: { advanced?: boolean; script?: FaultScript } = {}) {
  topicCounter += 1;
  const unique = `${topic}（第${topicCounter}次）`;
  if (options.script) scripts.set(unique, options.script);
  const user = await signedInUser(t);
  if (options.advanced) {
    // A Pro user, made directly in the table: level 1 with a subscription running for another 30 days.
    await t.database.db
      .update(users)
      .set({ level: 1, subscriptionExpiry: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
      .where(eq(users.username, user.username));
  }
  const res = await generate(t, user.cookie, { topic: unique, advanced_mode: options.advanced ?? false, settings });
  expect(res.statusCode, res.body).toBe(200);
  const { task_id: taskId, article_id: articleId } = res.json() as { task_id: string; article_id: string };
  const { id } = await waitForTask(t, taskId, 40_000);
  // The final event is written with (or, in older engines, after) the settlement or refund, so the
  // test waits for it before looking at the coins.
  const finalEvents = () =>
    t.database.db
      .select()
      .from(generationEvents)
      .where(and(eq(generationEvents.taskId, id), inArray(generationEvents.currentStep, ['completed', 'error'])));
  await expect.poll(async () => (await finalEvents()).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
  expect(await finalEvents()).toHaveLength(1);
  const [task] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.id, id));
  return { topic: unique, user, task: task!, articleId };
}

async function article(cookie: string, articleId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${articleId}?content_type=md`, headers: { cookie } });
  return res.json() as { status: string; title: string; content: string; written_by: string; offline: boolean };
}

async function money(username: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.userId, user!.id)).orderBy(asc(coinLedger.id));
  return { balance: user!.coinBalance, ledger: ledger.map((entry) => [entry.kind, entry.delta]) };
}

type Tokens = { promptTokens: number; completionTokens: number; totalTokens: number; cachedPromptTokens?: number };
type StoredUsage = { total: Tokens; stages: Record<string, Tokens & { calls: number }> };
const usageOf = (task: GenerationTaskRow) => task.usage as StoredUsage;
const callsPerStage = (task: GenerationTaskRow) => Object.fromEntries(Object.entries(usageOf(task).stages).map(([stage, usage]) => [stage, usage.calls]));

const GUIDED_SETTINGS = { audience: 'student', type: 'practical_guide', style: 'accessible_easyread', length: 2000, platform: 'zhihu' };
const GUIDED_FACTS = ['目标读者：学生党', '文章类型：实用攻略', '写作风格：通俗易懂', '发布平台：知乎', `平台规范：${PLATFORM_CONVENTIONS.zhihu}`, '全文目标字数：约 2000 字'];

describe('a guided article written by the model', () => {
  it('asks every agent once with the settings, material and budgets, and stores the model’s article with its token usage', async () => {
    const { topic, user, task, articleId } = await start('大学生如何高效备考英语四级', GUIDED_SETTINGS);
    expect(task).toMatchObject({ status: 'completed', error: null });
    expect(countsOf(topic)).toEqual({ analysis: 1, outline: 1, images: 1, combine: 1, ...Object.fromEntries(HEADINGS.map((_, i) => [`section:${i}`, 1])) });
    expect(searchQueries).toContain(topic);

    const mine = requestsOf(topic);
    for (const request of mine) {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe('[redacted]'); // the key was sent (the fake hides it)
      expect(request.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(request.body?.model).toBe(agentOf(request) === 'outline' ? 'fake-outliner' : 'fake-writer');
      for (const fact of [`主题：${topic}`, ...GUIDED_FACTS, '行业领域：不限']) expect(promptOf(request)).toContain(fact);
    }
    for (const agent of ['analysis', 'outline', 'images'] as const) expect(requestsOf(topic, agent)[0]!.body?.response_format).toEqual({ type: 'json_object' });

    // The material from search reaches the analysis, the outline and every section, as numbered data.
    const [first] = SEARCH_RESULTS;
    for (const agent of ['analysis', 'outline', 'section'] as const) {
      for (const request of requestsOf(topic, agent)) {
        expect(promptOf(request)).toContain(`【资料1】\n标题：${first!.title}（来源：网络搜索，${first!.url}）\n${first!.content}\n【/资料1】`);
        expect(promptOf(request)).toContain('【资料3】');
      }
    }
    expect(promptOf(requestsOf(topic, 'outline')[0]!)).toContain('各节 budget 之和必须等于 2000');
    expect(promptOf(requestsOf(topic, 'outline')[0]!)).toContain(`切入角度：${ANALYSIS.angle}`);

    // Each section: its place, its budget after fitBudgets, and the whole outline with every budget.
    for (const [i, heading] of HEADINGS.entries()) {
      const [request] = requestsOf(topic, 'section', i);
      const prompt = promptOf(request!);
      const budget = BUDGETS_2000[i]!;
      expect(prompt).toContain(`这是全文第 ${i + 1}/${HEADINGS.length} 节`);
      expect(prompt).toContain(`你的任务：撰写「${heading}」`);
      expect(prompt).toContain(`本节字数：约 ${budget} 字（允许 ±10%，即 ${Math.round(budget * 0.9)}～${Math.round(budget * 1.1)} 字）`);
      for (const [j, other] of HEADINGS.entries()) expect(prompt).toContain(`${j + 1}. ${other}（约 ${BUDGETS_2000[j]} 字）`);
      // The neighbours' gists are their outline lines, in the prompt already: pointed to, not repeated.
      if (i > 0) expect(prompt).toContain(`- 上一节已写：大纲第 ${i} 节「${HEADINGS[i - 1]}」（不要重复）`);
      if (i < HEADINGS.length - 1) expect(prompt).toContain(`- 下一节将写：大纲第 ${i + 2} 节「${HEADINGS[i + 1]}」（留给下一节`);
      expect(promptOf(request!)).toContain('只能使用给出的编号 [1]～[3]');
    }
    const combinePrompt = promptOf(requestsOf(topic, 'combine')[0]!);
    // Each scripted section is one paragraph, both sides of its junctions: offered once, behind a marker.
    for (const i of HEADINGS.keys()) expect(occurrences(combinePrompt, sectionBody(i))).toBe(1);
    expect(junctionParagraphs(combinePrompt).map((p) => p.text)).toEqual(HEADINGS.map((_, i) => sectionBody(i)));

    const stored = await article(user.cookie, articleId);
    expect(stored).toMatchObject({ status: 'success', title: COMBINED_TITLE, written_by: 'fake-writer', offline: false });
    expect(stored.content).toMatch(new RegExp(`^# ${COMBINED_TITLE}\\n`));
    for (const [i, heading] of HEADINGS.entries()) {
      expect(occurrences(stored.content, sectionBody(i))).toBe(1);
      if (i > 0) expect(stored.content).toContain(`## ${heading}`);
    }
    expect(stored.content).toContain('![听力练习](/media/articles/');
    expect(occurrences(stored.content, TRANSITION)).toBe(1);

    // Token usage: what the fake reported, in total and per stage.
    expect(usageOf(task).total).toEqual(reportedUsage(topic));
    expect(usageOf(task).total.totalTokens).toBeGreaterThan(0);
    expect(callsPerStage(task)).toEqual({ analysis: 1, outline: 1, writing: HEADINGS.length, images: 1, combine: 1 });
    expect(usageOf(task).total).not.toHaveProperty('cachedPromptTokens');
    expectStablePrefix(topic);

    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id)).orderBy(asc(generationEvents.seq));
    expect([...new Set(events.map((event) => event.currentStep))]).toEqual(STANDARD_STEPS.map((entry) => entry.step));
    expect(await money(user.username)).toEqual({ balance: 233, ledger: [['registration_gift', 300], ['hold', -67]] });
  }, 60_000);
});

describe('the order of the calls', () => {
  it('writes the opening section alone and the others once it is answered, with the image plan beside them', async () => {
    // A provider caches a prefix only after a call carrying it is answered: the other sections
    // must start after the opening's answer to find the outline in the cache.
    const arrivals: { agent: Agent; section: number; at: number }[] = [];
    const OPENING_MS = 300;
    const script: FaultScript = ({ agent, section, request }) => {
      arrivals.push({ agent, section, at: Date.now() });
      if (agent === 'section' && section === 0) {
        const step = SCRIPT.section(request) as { text: string };
        return { ...step, chunkSize: [...step.text].length, delayMs: OPENING_MS };
      }
      return undefined;
    };
    const { topic, task } = await start('四级备考的写作顺序', GUIDED_SETTINGS, { script });
    expect(task).toMatchObject({ status: 'completed', error: null });
    const opening = arrivals.find((call) => call.agent === 'section' && call.section === 0)!;
    const others = arrivals.filter((call) => (call.agent === 'section' && call.section > 0) || call.agent === 'images');
    expect(others).toHaveLength(HEADINGS.length);
    for (const call of others) expect(call.at - opening.at).toBeGreaterThanOrEqual(OPENING_MS);
    // The plan does not wait for the sections: it is asked before the last of them.
    const plan = arrivals.find((call) => call.agent === 'images')!;
    const last = arrivals.find((call) => call.agent === 'section' && call.section === HEADINGS.length - 1)!;
    expect(plan.at).toBeLessThanOrEqual(last.at);
    expectStablePrefix(topic);
    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id)).orderBy(asc(generationEvents.seq));
    expect([...new Set(events.map((event) => event.currentStep))]).toEqual(STANDARD_STEPS.map((entry) => entry.step));
  }, 60_000);
});

describe('a request with its own title and forbidden words, written by the model', () => {
  it('keeps the title the request names and leaves out the words it forbids, whatever the model writes', async () => {
    const { task, user, articleId } = await start('请以《雨夜的小面馆》为题写一篇文章，不要出现“稳扎稳打”', GUIDED_SETTINGS);
    expect(task).toMatchObject({ status: 'completed', error: null });
    const stored = await article(user.cookie, articleId);
    // The scripted model titles every outline and draft with its own title.
    expect(stored.title).toBe('雨夜的小面馆');
    expect(stored.content).toMatch(/^# 雨夜的小面馆\n/u);
    expect(stored.content).not.toContain('稳扎稳打');
  }, 60_000);
});

describe('an advanced article written by the model (Pro)', () => {
  it('adds the reference style and the SEO pass, and carries the advanced settings into every prompt', async () => {
    const settings = {
      audience: 'custom',
      customAudience: '准备考四级的大二学生',
      industry: 'education',
      type: 'analysis_commentary_opinion',
      style: 'colloquial_fun',
      platform: 'xiaohongshu',
      length: 3000,
      useReferenceDoc: true,
      referenceText: REFERENCE,
      enableSeo: true,
      seoKeywords: '英语四级,备考计划',
    };
    // The provider reports cached prompt tokens: DeepSeek's field for the sections, OpenAI's for the others.
    const cached: FaultScript = ({ agent, request }) =>
      ({ ...SCRIPT[agent](request), usage: agent === 'section' ? { prompt_cache_hit_tokens: 128 } : { prompt_tokens_details: { cached_tokens: 64 } } }) as FakeStep;
    const { topic, user, task, articleId } = await start('大学生如何高效备考英语四级', settings, { advanced: true, script: cached });
    expect(task).toMatchObject({ status: 'completed', error: null, advanced: true });
    expect(countsOf(topic)).toEqual({ analysis: 1, style: 1, outline: 1, images: 1, combine: 1, seo: 1, ...Object.fromEntries(HEADINGS.map((_, i) => [`section:${i}`, 1])) });
    // Two searches: the topic, and the topic in its industry.
    expect(searchQueries).toEqual(expect.arrayContaining([topic, `${topic} 教育`]));

    const facts = ['目标读者：准备考四级的大二学生', '文章类型：分析评论', '写作风格：幽默有趣', '发布平台：小红书', `平台规范：${PLATFORM_CONVENTIONS.xiaohongshu}`, '行业领域：教育', '全文目标字数：约 3000 字'];
    for (const request of requestsOf(topic)) {
      expect(request.body?.model).toBe(agentOf(request) === 'outline' ? 'fake-outliner' : 'fake-writer');
      for (const fact of [`主题：${topic}`, ...facts]) expect(promptOf(request)).toContain(fact);
    }
    expect(promptOf(requestsOf(topic, 'style')[0]!)).toContain(`【参考文章】\n${REFERENCE}\n【/参考文章】`);
    for (const request of [...requestsOf(topic, 'outline'), ...requestsOf(topic, 'section')]) {
      expect(promptOf(request)).toContain(`- 语气：${STYLE.tone}`);
    }
    for (const i of HEADINGS.keys()) expect(promptOf(requestsOf(topic, 'section', i)[0]!)).toContain(`本节字数：约 ${BUDGETS_3000[i]} 字`);
    expect(promptOf(requestsOf(topic, 'seo')[0]!)).toContain('目标关键词：英语四级、备考计划');
    expect(promptOf(requestsOf(topic, 'seo')[0]!)).toContain(`# ${COMBINED_TITLE}`);

    const stored = await article(user.cookie, articleId);
    expect(stored).toMatchObject({ title: SEO_TITLE, written_by: 'fake-writer', offline: false });
    expect(stored.content).not.toContain('关键词：');
    for (const i of HEADINGS.keys()) expect(occurrences(stored.content, sectionBody(i))).toBe(1);

    expect(usageOf(task).total).toEqual(reportedUsage(topic));
    expect(usageOf(task).total.cachedPromptTokens).toBe(HEADINGS.length * 128 + 6 * 64);
    expect(usageOf(task).stages.writing).toMatchObject({ cachedPromptTokens: HEADINGS.length * 128, calls: HEADINGS.length });
    expect(usageOf(task).stages.combine).toMatchObject({ cachedPromptTokens: 64, calls: 1 });
    expect(callsPerStage(task)).toEqual({ analysis: 1, style: 1, outline: 1, writing: HEADINGS.length, images: 1, combine: 1, seo: 1 });
    expectStablePrefix(topic);
    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id)).orderBy(asc(generationEvents.seq));
    // parallel_section_generation_with_tools is the spec's alternative name of the section step (same 45%),
    // for a writer with tools; this engine reports parallel_section_generation.
    const advancedSteps = ADVANCED_STEPS.map((entry) => entry.step).filter((step) => step !== 'parallel_section_generation_with_tools');
    expect([...new Set(events.map((event) => event.currentStep))]).toEqual(advancedSteps);
    expect((await money(user.username)).balance).toBe(233);
  }, 60_000);
});

describe('model faults during a generation', () => {
  /*
   * Regression guard for a bug of e6ce264 and before: when one section failed, the sections
   * still being written went on (stage-context.ts mapWithConcurrency keeps its other lanes running)
   * and then reported progress through recordProgress (progress.ts), which wrote to the task whatever
   * its status: events landed after the final 'error' event and overwrote the row's current_step and
   * details, so /status showed status 'error' at 'parallel_section_generation' with no error message.
   * e0ada75 fixed it (writeProgress writes non-final events only to queued or running tasks); these
   * tests hold the final event to be the task's last (the 5xx one fails deterministically before it).
   */
  async function expectEndedWith(task: GenerationTaskRow, message: string) {
    const events = await t.database.db.select().from(generationEvents).where(eq(generationEvents.taskId, task.id)).orderBy(asc(generationEvents.seq));
    expect(events.at(-1)).toMatchObject({ currentStep: 'error', details: { error: message } });
    const [row] = await t.database.db.select().from(generationTasks).where(eq(generationTasks.id, task.id));
    expect(row).toMatchObject({ status: 'error', error: message, currentStep: 'error', eventSeq: events.at(-1)!.seq, details: { error: message } });
  }

  // Distinct pieces of text for the answers that are cut, so duplication would show.
  const DROPPED = { sent: 'S0前半：断线前已经送达的开头。', lost: '断线后永远不会送达的文字。', rest: 'S0后半：断线后续写的内容。' };
  const CUT = { head: 'S3前半：写到长度上限为止的内容，', tail: 'S3后半：续写补完的内容。' };
  const STALLED = { sent: 'S5前半：停顿之前送达的文字。', lost: '停顿之后永远不会送达的文字。', rest: 'S5后半：超时之后续写的内容。' };
  const retryNow = { 'retry-after-ms': '0' };
  const contextTooLong: FakeStep = {
    status: 400,
    body: { error: { message: "This model's maximum context length is 8192 tokens", type: 'invalid_request_error', code: 'context_length_exceeded' } },
  };

  it('retries each fault the specified number of times, and the article and usage show no duplicated or lost text', async () => {
    const script: FaultScript = ({ agent, section, attempt, request }) => {
      if (agent === 'outline' && attempt === 1) return { text: '好的，大纲如下：{title: 四级备考, sections: [' };
      if (agent !== 'section') return undefined;
      const first = attempt === 1;
      switch (section) {
        case 0: // the connection dies after the first chunk
          return first ? { dropAfterChunks: 1, text: DROPPED.sent + DROPPED.lost, chunkSize: [...DROPPED.sent].length } : { text: DROPPED.rest };
        case 1:
          return first ? { status: 429, headers: retryNow, body: { error: { message: 'Rate limit reached for requests', type: 'rate_limit_error', code: 'rate_limit_exceeded' } } } : undefined;
        case 2:
          return first ? { status: 500, headers: retryNow } : undefined;
        case 3: // cut at the length limit, then continued
          return first ? { text: `## ${HEADINGS[3]}\n\n${CUT.head}`, finishReason: 'length' } : { text: CUT.tail };
        case 4: // too long with three materials, fine with fewer
          return lastUserMessage(request).includes('【资料3】') ? contextTooLong : undefined;
        case 5: // the stream stalls after one chunk: the per-call timeout gives up on it
          return first ? { text: STALLED.sent + STALLED.lost, chunkSize: [...STALLED.sent].length, stallAfterChunks: 1 } : { text: STALLED.rest };
        default:
          return undefined;
      }
    };
    const { topic, user, task, articleId } = await start('四级备考的故障演练', GUIDED_SETTINGS, { script });
    expect(task).toMatchObject({ status: 'completed', error: null });

    // Exactly the tries the faults call for: two for the bad JSON outline, two for every section.
    expect(countsOf(topic)).toEqual({ analysis: 1, outline: 2, images: 1, combine: 1, ...Object.fromEntries(HEADINGS.map((_, i) => [`section:${i}`, 2])) });

    const outlines = requestsOf(topic, 'outline');
    expect(outlines.map((request) => request.body?.model)).toEqual(['fake-outliner', 'fake-outliner']);
    expect(outlines[1]!.body?.messages?.at(-2)).toEqual({ role: 'assistant', content: '好的，大纲如下：{title: 四级备考, sections: [' });
    expect(lastUserMessage(outlines[1]!)).toContain(BAD_JSON_CORRECTION);

    // 429 and 500: the same request again.
    for (const i of [1, 2]) {
      const [firstTry, retry] = requestsOf(topic, 'section', i);
      expect(retry!.body?.messages).toEqual(firstTry!.body?.messages);
    }
    expect(requestsOf(topic, 'section', 1)[0]!.answer).toMatchObject({ kind: 'status', status: 429 });
    // A dropped, cut or stalled answer is continued from the text received, never restarted.
    for (const [i, received] of [
      [0, DROPPED.sent],
      [3, `## ${HEADINGS[3]}\n\n${CUT.head}`],
      [5, STALLED.sent],
    ] as const) {
      const [firstTry, continuation] = requestsOf(topic, 'section', i);
      expect(continuation!.body?.messages).toEqual([
        ...firstTry!.body!.messages!,
        { role: 'assistant', content: received },
        { role: 'user', content: CONTINUE_INSTRUCTION },
      ]);
    }
    expect(requestsOf(topic, 'section', 0)[0]!.answer.kind).toBe('drop');
    // Context too long: the retry carries fewer materials, renumbered.
    const [tooLong, shrunk] = requestsOf(topic, 'section', 4);
    expect(lastUserMessage(tooLong!)).toContain('【资料3】');
    expect(lastUserMessage(shrunk!)).toContain('【资料2】');
    expect(lastUserMessage(shrunk!)).not.toContain('【资料3】');
    expect(lastUserMessage(shrunk!)).toContain('只能使用给出的编号 [1]～[2]');

    // The article holds each piece of text exactly once, joined where it was continued.
    const stored = await article(user.cookie, articleId);
    expect(stored).toMatchObject({ written_by: 'fake-writer', offline: false });
    for (const piece of [DROPPED.sent + DROPPED.rest, CUT.head + CUT.tail, STALLED.sent + STALLED.rest]) expect(occurrences(stored.content, piece)).toBe(1);
    for (const piece of [DROPPED.sent, DROPPED.rest, CUT.head, CUT.tail, STALLED.sent, STALLED.rest]) expect(occurrences(stored.content, piece)).toBe(1);
    for (const piece of [DROPPED.lost, STALLED.lost]) expect(stored.content).not.toContain(piece);
    for (const i of [1, 2, 4]) expect(occurrences(stored.content, sectionBody(i))).toBe(1);

    // Failed calls cost nothing the fake reported; everything it reported is in the task's total.
    expect(usageOf(task).total).toEqual(reportedUsage(topic));
    expect(callsPerStage(task)).toEqual({ analysis: 1, outline: 2, writing: HEADINGS.length, images: 1, combine: 1 });
    expect((await money(user.username)).balance).toBe(233);
  }, 60_000);

  it('gives up on a section after four 5xx answers: the task fails as busy and the coins come back', async () => {
    const busy = '模型服务繁忙，生成失败，请稍后重试';
    // Section 2 never gets through; section 3 answers late, while section 2 is being given up.
    const script: FaultScript = ({ agent, section, request }) => {
      if (agent === 'section' && section === 2) return { status: 503, headers: retryNow };
      if (agent === 'section' && section === 3) return { ...(SCRIPT.section(request) as { text: string }), delayMs: 400, chunkSize: 1000 };
      return undefined;
    };
    const { topic, user, task } = await start('持续出错的模型服务', GUIDED_SETTINGS, { script });
    expect(task).toMatchObject({ status: 'error', error: busy });
    expect(requestsOf(topic, 'section', 2)).toHaveLength(4);
    expect(requestsOf(topic, 'combine')).toEqual([]);
    // The task ends only once the sections in flight have: the late one's draft is saved (a retry
    // of the task could use it) and its report came before the final event, never after it.
    const saved = await t.database.db.select().from(generationStageOutputs).where(eq(generationStageOutputs.taskId, task.id));
    expect(saved.map((row) => row.key)).toContain('section:3');
    await expectEndedWith(task, busy);
    expect(await money(user.username)).toEqual({ balance: 300, ledger: [['registration_gift', 300], ['hold', -67], ['release', 67]] });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 60_000);

  it('ends the task on a section that answers empty twice, and refunds it', async () => {
    const script: FaultScript = ({ agent, section, attempt }) => (agent === 'section' && section === 2 ? { text: attempt === 1 ? '' : '  \n ' } : undefined);
    const { topic, user, task } = await start('模型什么也不说', GUIDED_SETTINGS, { script });
    await expectEndedWith(task, '生成过程出现错误，请稍后重试');
    expect(requestsOf(topic, 'section', 2)).toHaveLength(2);
    expect(requestsOf(topic, 'combine')).toEqual([]);
    expect(await money(user.username)).toEqual({ balance: 300, ledger: [['registration_gift', 300], ['hold', -67], ['release', 67]] });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
    // The two empty answers were billed: they count in the task's usage like every other call.
    await expect
      .poll(async () => usageOf((await t.database.db.select().from(generationTasks).where(eq(generationTasks.id, task.id)))[0]!).total)
      .toEqual(reportedUsage(topic));
  }, 60_000);

  it.each([
    ['an HTTP 400 from the provider’s moderation', { status: 400, body: { error: { message: 'Input data may contain inappropriate content.', type: 'invalid_request_error', code: 'data_inspection_failed' } } }],
    ['finish_reason content_filter', { text: '', finishReason: 'content_filter' }],
  ] as [string, FakeStep][])('ends the task with the refusal message when the combine pass is refused (%s), without retrying, and refunds it', async (_, refusal) => {
    const script: FaultScript = ({ agent }) => (agent === 'combine' ? refusal : undefined);
    const { topic, user, task } = await start('被审核拦下的文章', GUIDED_SETTINGS, { script });
    await expectEndedWith(task, CONTENT_REFUSED_MESSAGE);
    expect(CONTENT_REFUSED_MESSAGE).toBe('内容未通过模型服务的安全审核，请调整主题或素材后重试');
    expect(requestsOf(topic, 'combine')).toHaveLength(1);
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/articles/${task.taskId}/status`, headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ status: 'error', currentStep: 'error', details: { error: CONTENT_REFUSED_MESSAGE } });
    expect(await money(user.username)).toEqual({ balance: 300, ledger: [['registration_gift', 300], ['hold', -67], ['release', 67]] });
    expect(await findBalanceMismatches(t.database.db)).toEqual([]);
  }, 60_000);
});
