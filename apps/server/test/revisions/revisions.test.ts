import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REVISION_MAX_SELECTION_CHARS, REVISION_PER_MINUTE, revisionOutputLimit } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles, articleVersions } from '../../src/articles/tables.js';
import { coinHolds, coinLedger } from '../../src/billing/tables.js';
import { articleRevisions } from '../../src/revisions/tables.js';
import { lastUserMessage, type OpenAiFake, startOpenAiFake } from '../fakes/openai-fake-server.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

/** The editor's AI actions through HTTP, with the scripted model on loopback and without a model. */

const ARTICLE = [
  '# 大学生怎样做时间管理',
  '',
  '期末周总是手忙脚乱，问题往往不在时间不够，而在不知道先做哪件事。',
  '',
  '首先，我们需要明确一点：计划要写在纸上。值得注意的是，写下来的计划比记在脑子里的更容易执行。',
  '',
  '每天睡前花五分钟，把第二天最重要的三件事写下来，第二天先做完它们。',
].join('\n');
const SELECTED = '首先，我们需要明确一点：计划要写在纸上。值得注意的是，写下来的计划比记在脑子里的更容易执行。';

type Owner = Awaited<ReturnType<typeof signedInUser>>;

interface SseFrame {
  type: string;
  text?: string;
  revisionId?: string;
  cost?: number;
  code?: string;
  message?: string;
}

const framesOf = (body: string): SseFrame[] =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as SseFrame);

async function seedArticle(t: TestApp, owner: Owner, content = ARTICLE) {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, owner.username));
  const articleId = `a${randomBytes(8).toString('hex')}`;
  await t.database.db.insert(articles).values({
    articleId,
    userId: user!.id,
    title: '大学生怎样做时间管理',
    content,
    platform: 'zhihu',
    metadata: { brief: { topic: '大学生时间管理', platform: 'zhihu', audience: '学生党', style: 'efficient_concise' } },
  });
  return articleId;
}

const selectionOf = (text: string, within = ARTICLE) => {
  const start = within.indexOf(text);
  return { start, end: start + text.length, text };
};

const revise = (t: TestApp, articleId: string, cookie: string, body: Record<string, unknown>) =>
  post(t, `/api/v1/articles/${articleId}/revisions`, body, cookie);

async function balanceOf(t: TestApp, owner: Owner): Promise<number> {
  const [user] = await t.database.db.select({ coins: users.coinBalance }).from(users).where(eq(users.username, owner.username));
  return Number(user!.coins);
}

async function revisionRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(articleRevisions).where(eq(articleRevisions.id, id));
  return row!;
}

describe('with a model', () => {
  let fake: OpenAiFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startOpenAiFake();
    // Three seconds: a stalled stream times out, while a sound call on a loaded CI machine does not.
    t = await createTestApp({ TRUST_PROXY: 'true', LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-writer', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('润色: the prompt carries the selection, its context and the article’s setting; the text streams; the cost is settled once', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const before = await balanceOf(t, owner);
    const polished = '计划要写在纸上：写下来的计划，比记在脑子里的更容易做到。';
    fake.enqueue({ text: polished, chunkSize: 3 });
    const res = await revise(t, articleId, owner.cookie, { action: 'polish', selection: selectionOf(SELECTED) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const frames = framesOf(res.body);
    const deltas = frames.filter((frame) => frame.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((frame) => frame.text).join('')).toBe(polished);
    const done = frames.at(-1)!;
    expect(done).toEqual({ type: 'done', revisionId: expect.stringMatching(/^rv_[0-9a-f]{24}$/), text: polished, cost: 1 });

    const prompt = lastUserMessage(fake.requests.at(-1)!);
    expect(prompt).toContain(SELECTED);
    expect(prompt).toContain('期末周总是手忙脚乱'); // the paragraph before
    expect(prompt).toContain('每天睡前花五分钟'); // the paragraph after
    expect(prompt).toContain('知乎');
    expect(prompt).toContain('学生党');
    expect(prompt).toContain('简洁高效');
    expect(prompt).toContain('润色');
    expect(fake.requests.at(-1)!.body?.stream).toBe(true);

    // Held before, settled after: the balance is down by the cost and nothing is left held.
    expect(await balanceOf(t, owner)).toBe(before - 1);
    const holds = await t.database.db.select().from(coinHolds).where(eq(coinHolds.ref, done.revisionId!));
    expect(holds).toMatchObject([{ status: 'settled', settledAmount: 1 }]);
    const ledger = await t.database.db.select().from(coinLedger).where(eq(coinLedger.ref, done.revisionId!));
    expect(ledger.reduce((sum, entry) => sum + Number(entry.delta), 0)).toBe(-1);
    expect(await revisionRow(t, done.revisionId!)).toMatchObject({ status: 'done', action: 'polish', by: 'model', cost: 1, outputChars: [...polished].length });
    // Nothing was written to the article.
    const [article] = await t.database.db.select({ content: articles.content }).from(articles).where(eq(articles.articleId, articleId));
    expect(article!.content).toBe(ARTICLE);
  });

  it('换语气 names the style; 标题候选 reads the whole article and answers clean lines', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    fake.enqueue({ text: '把计划写下来，比什么都强。' });
    const tone = await revise(t, articleId, owner.cookie, { action: 'tone', selection: selectionOf(SELECTED), options: { style: 'colloquial_fun' } });
    expect(framesOf(tone.body).at(-1)).toMatchObject({ type: 'done' });
    expect(lastUserMessage(fake.requests.at(-1)!)).toContain('幽默有趣');

    fake.enqueue({ text: '1. 期末周不慌的秘密\n2. 「睡前五分钟」\n3. 三件事清单\n\n4. 计划为何要写下来\n5. 时间不够？先排顺序' });
    const titles = await revise(t, articleId, owner.cookie, { action: 'titles', selection: { start: 0, end: ARTICLE.length, text: ARTICLE } });
    const done = framesOf(titles.body).at(-1)!;
    expect(done.text!.split('\n')).toEqual(['期末周不慌的秘密', '睡前五分钟', '三件事清单', '计划为何要写下来', '时间不够？先排顺序']);
    const prompt = lastUserMessage(fake.requests.at(-1)!);
    expect(prompt).toContain('【全文】');
    expect(prompt).toContain('5 个标题');
  });

  it('换语气 without a style, an oversized selection and offsets that do not match are refused in Chinese, and nothing is held', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const before = await balanceOf(t, owner);
    const requests = fake.requests.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'tone', selection: selectionOf(SELECTED) }, '请选择要换成的语气'],
      [{ action: 'polish', selection: { start: 0, end: REVISION_MAX_SELECTION_CHARS + 1, text: '字'.repeat(REVISION_MAX_SELECTION_CHARS + 1) } }, `一次最多处理${REVISION_MAX_SELECTION_CHARS}字，请缩小选区`],
      [{ action: 'polish', selection: { start: 0, end: 3, text: SELECTED } }, '选区与文字不一致，请重新选择'],
      [{ action: 'polish', selection: { start: 0, end: 0, text: '' } }, '请先选中要处理的文字'],
      [{ action: 'translate', selection: selectionOf(SELECTED) }, '不支持的操作'],
    ];
    for (const [body, message] of cases) {
      const res = await revise(t, articleId, owner.cookie, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(fake.requests.length).toBe(requests);
    expect(await balanceOf(t, owner)).toBe(before);
  });

  it('a failing model releases the hold and says so; a model that stalls times out the same way', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const before = await balanceOf(t, owner);
    fake.enqueue({ status: 401 });
    const refused = framesOf((await revise(t, articleId, owner.cookie, { action: 'expand', selection: selectionOf(SELECTED) })).body);
    expect(refused.at(-1)).toEqual({ type: 'error', code: 'AUTH', message: 'AI 处理失败，请稍后重试，本次未扣金币' });
    for (let i = 0; i < 4; i += 1) fake.enqueue({ hang: true });
    const stalled = framesOf((await revise(t, articleId, owner.cookie, { action: 'rewrite', selection: selectionOf(SELECTED) })).body);
    expect(stalled.at(-1)).toMatchObject({ type: 'error', code: 'TIMEOUT' });
    expect(await balanceOf(t, owner)).toBe(before);
    const rows = await t.database.db.select().from(articleRevisions).where(eq(articleRevisions.userId, (await t.database.db.select().from(users).where(eq(users.username, owner.username)))[0]!.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'failed']);
  }, 30_000);

  it('a stream closed by the user: nothing charged before any text arrived, the characters written after', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const before = await balanceOf(t, owner);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    /** Opens the stream over a connection of its own; answers the response and a way to hang up. */
    const open = () =>
      new Promise<{ response: http.IncomingMessage; hangUp: () => void }>((resolve, reject) => {
        const payload = JSON.stringify({ action: 'expand', selection: selectionOf(SELECTED) });
        const request = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: `/api/v1/articles/${articleId}/revisions`, agent: false, headers: { 'content-type': 'application/json', cookie: owner.cookie } },
          (response) => resolve({ response, hangUp: () => request.destroy() }),
        );
        request.on('error', () => {});
        request.once('error', reject);
        request.end(payload);
      });

    // Before any text: the model is still thinking when the user discards.
    fake.enqueue({ text: '很久以后才会到的文字。', delayMs: 800 });
    const first = await open();
    expect(first.response.statusCode).toBe(200);
    first.hangUp();
    // After some text: 150 characters arrive, then the user discards.
    fake.enqueue({ text: '写'.repeat(150) + '后面还有很多'.repeat(50), chunkSize: 50, delayMs: 100 });
    const second = await open();
    let seen = '';
    await new Promise<void>((resolve) => {
      second.response.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if ((seen.match(/"type":"delta"/g) ?? []).length >= 3) resolve();
      });
    });
    second.hangUp();

    const userId = (await t.database.db.select().from(users).where(eq(users.username, owner.username)))[0]!.id;
    let rows: (typeof articleRevisions.$inferSelect)[] = [];
    for (let i = 0; i < 100; i += 1) {
      rows = await t.database.db.select().from(articleRevisions).where(eq(articleRevisions.userId, userId));
      if (rows.every((row) => row.status !== 'streaming')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [noText, someText] = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(noText).toMatchObject({ status: 'discarded', cost: 0, outputChars: 0 });
    expect(someText!.status).toBe('discarded');
    expect(someText!.outputChars).toBeGreaterThanOrEqual(150);
    expect(someText!.cost).toBe(Math.ceil(someText!.outputChars / 100));
    expect(await balanceOf(t, owner)).toBe(before - someText!.cost);
    const held = await t.database.db.select().from(coinHolds).where(eq(coinHolds.userId, userId));
    expect(held.every((hold) => hold.status !== 'held')).toBe(true);
  }, 30_000);

  it('the output is cut at its limit and charged by it', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const limit = revisionOutputLimit('polish', [...SELECTED].length);
    fake.enqueue({ text: '长'.repeat(limit + 500), chunkSize: 40 });
    const done = framesOf((await revise(t, articleId, owner.cookie, { action: 'polish', selection: selectionOf(SELECTED) })).body).at(-1)!;
    expect([...done.text!].length).toBe(limit);
    expect(done.cost).toBe(Math.ceil(limit / 100));
  });

  it('short of coins: 402 with code 1006 before any model call', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    await t.database.db.update(users).set({ coinBalance: 0 }).where(eq(users.username, owner.username));
    const requests = fake.requests.length;
    const res = await revise(t, articleId, owner.cookie, { action: 'polish', selection: selectionOf(SELECTED) });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code: 1006 });
    expect(res.json().message).toContain('余额不足');
    expect(fake.requests.length).toBe(requests);
    expect(await t.database.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, (await t.database.db.select().from(articles).where(eq(articles.articleId, articleId)))[0]!.id))).toEqual([]);
  });

  it('another user’s article and a visitor are refused', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const body = { action: 'polish', selection: selectionOf(SELECTED) };
    expect((await revise(t, articleId, stranger.cookie, body)).statusCode).toBe(404);
    expect((await post(t, `/api/v1/articles/${articleId}/revisions`, body)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/articles/${articleId}/revisions/actions`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('a save that accepts the result is a version of that action', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    fake.enqueue({ text: '计划要写在纸上。' });
    const done = framesOf((await revise(t, articleId, owner.cookie, { action: 'shorten', selection: selectionOf(SELECTED) })).body).at(-1)!;
    const accepted = ARTICLE.replace(SELECTED, done.text!);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}`, headers: { cookie: owner.cookie }, payload: { content: accepted, revisionId: done.revisionId } });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.database.db.select({ id: articles.id }).from(articles).where(eq(articles.articleId, articleId));
    const versions = await t.database.db.select().from(articleVersions).where(eq(articleVersions.articleId, row!.id));
    expect(versions.map((version) => [version.source, version.action])).toEqual([['revision', 'shorten']]);
  });
});

describe('without a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it('offers only what rules can do honestly; the others are disabled with the reason, and cost nothing', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const actions = (await t.app.inject({ method: 'GET', url: `/api/v1/articles/${articleId}/revisions/actions`, headers: { cookie: owner.cookie } })).json();
    const byAction = Object.fromEntries(actions.data.map((item: { action: string }) => [item.action, item]));
    for (const action of ['polish', 'expand', 'rewrite', 'continue', 'tone']) {
      expect(byAction[action]).toMatchObject({ available: false, reason: '需要配置大模型', price: 0 });
    }
    for (const action of ['shorten', 'deai', 'normalize', 'titles', 'summary']) expect(byAction[action]).toMatchObject({ available: true, price: 0 });
    expect(byAction.polish.label).toBe('润色');

    const before = await balanceOf(t, owner);
    const refused = await revise(t, articleId, owner.cookie, { action: 'polish', selection: selectionOf(SELECTED) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'model_required', message: '润色需要配置大模型' });

    const deai = framesOf((await revise(t, articleId, owner.cookie, { action: 'deai', selection: selectionOf(SELECTED) })).body);
    const done = deai.at(-1)!;
    expect(done).toMatchObject({ type: 'done', cost: 0 });
    expect(done.text).not.toContain('首先');
    expect(done.text).not.toContain('值得注意的是');
    expect(done.text).toContain('计划要写在纸上');
    expect(await balanceOf(t, owner)).toBe(before);
  });

  it('limits actions per user per minute', async () => {
    const owner = await signedInUser(t);
    const articleId = await seedArticle(t, owner);
    const body = { action: 'normalize', selection: selectionOf(SELECTED) };
    for (let i = 0; i < REVISION_PER_MINUTE; i += 1) expect((await revise(t, articleId, owner.cookie, body)).statusCode).toBe(200);
    const limited = await revise(t, articleId, owner.cookie, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().message).toBe('AI 编辑操作太频繁，请一分钟后再试');
  });
});
