import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
import { kbFiles } from '../../src/knowledge/tables.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { generate, waitForTask } from '../helpers/generation.js';
import { multipart } from '../helpers/multipart.js';

/** The knowledge base grounds a generation: retrieved per section, cited, and refused when expired. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const FACTS = `# 星河咖啡年度报告\n\n${'星河咖啡2025年门店数达到1280家，其中华东地区占比百分之四十二。'.repeat(12)}\n\n## 会员\n\n${'星河咖啡会员复购率为百分之六十三，小程序点单占全部订单的七成。'.repeat(12)}`;

async function proUser() {
  const user = await signedInUser(t);
  await t.database.db.update(users).set({ level: 1, subscriptionExpiry: sql`now() + interval '30 days'` }).where(eq(users.username, user.username));
  return user;
}

const FIXTURES = new URL('../fixtures/', import.meta.url);
const BATTERY = readFileSync(new URL('kb-material/电池.md', FIXTURES));
const SAMPLE_DOCX = readFileSync(new URL('kb/sample.docx', FIXTURES));

async function builtSession(cookie: string, uploads: { filename: string; content: Buffer }[] = [{ filename: '年度报告.md', content: Buffer.from(FACTS) }]) {
  const body = multipart(uploads.map((file) => ({ name: 'files', file })));
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/temp_knowledge/upload', payload: body.payload, headers: { ...body.headers, cookie } });
  const { session_id: sessionId, file_list: files } = uploaded.json();
  await t.app.inject({ method: 'POST', url: `/api/v1/temp_knowledge/build/${sessionId}`, headers: { cookie } });
  await t.app.inject({ url: `/api/v1/temp_knowledge/build/stream/${sessionId}`, headers: { cookie } });
  return { sessionId: sessionId as string, fileIds: files.map((file: { file_id: string }) => file.file_id) as string[] };
}

const settings = (sessionId: string, fileIds: string[]) => ({
  length: 1500,
  platform: 'wechat',
  useKnowledgeBase: true,
  tempKnowledgeBaseId: sessionId,
  knowledgeDocumentIds: fileIds,
});

describe('generation with a knowledge base', () => {
  it('quotes and cites the knowledge base in the article', async () => {
    const user = await proUser();
    const { sessionId, fileIds } = await builtSession(user.cookie);
    const started = await generate(t, user.cookie, { topic: '星河咖啡的会员运营', advanced_mode: true, deepspaceId: user.deepspaceId, settings: settings(sessionId, fileIds) });
    expect(started.statusCode).toBe(200);
    const task = await waitForTask(t, started.json().task_id);
    expect(task.status).toBe('completed');
    const [article] = await t.database.db.select().from(articles).where(eq(articles.articleId, started.json().article_id));
    expect(article!.content).toMatch(/《年度报告\.md》第 \d+ 段 · 星河咖啡年度报告[^\n]*（知识库）/u);
    expect(article!.content).toMatch(/1280家|百分之六十三|复购率/);
    const references = (article!.metadata as { references: { source: string }[] }).references;
    expect(references.some((reference) => reference.source === 'knowledge')).toBe(true);
  });

  it('uses the material faithfully: real sentences once each, no heading, list item or table row, every [n] listed once with its file', async () => {
    const user = await proUser();
    const { sessionId, fileIds } = await builtSession(user.cookie, [
      { filename: '电池.md', content: BATTERY },
      { filename: 'sample.docx', content: SAMPLE_DOCX },
    ]);
    const started = await generate(t, user.cookie, {
      topic: '新能源汽车动力电池的日常使用与保养',
      advanced_mode: true,
      deepspaceId: user.deepspaceId,
      settings: { ...settings(sessionId, fileIds), length: 2500 },
    });
    expect(started.statusCode).toBe(200);
    const task = await waitForTask(t, started.json().task_id);
    expect(task.status).toBe('completed');
    const [article] = await t.database.db.select().from(articles).where(eq(articles.articleId, started.json().article_id));
    const content = article!.content;
    const [body, list = ''] = content.split('## 参考资料');
    const sources = await t.database.db.select({ content: kbFiles.content }).from(kbFiles).where(inArray(kbFiles.id, fileIds));
    const sourceLines = sources.flatMap((source) => source.content.split('\n')).map((line) => line.trim());
    const key = (text: string) => text.replace(/\[\d+\]/g, '').replace(/[\s\p{P}\p{S}]/gu, '');
    const structure = sourceLines
      .filter((line) => /^(#{1,6}\s|[-*+•]\s|\d+[.)、]\s|\|)/u.test(line))
      .map((line) => key(line.replace(/^(#{1,6}|[-*+•]|\d+[.)、])\s*/u, '')))
      .filter((text) => text.length >= 4);
    const prose = key(sources.map((source) => source.content).join(''));

    // Quotations of the material: each a real sentence of a source, each once, none a heading, list item or table row.
    const quotes = [...body!.matchAll(/“([^”]+)”\[(\d+)\]/gu)].map((match) => key(match[1]!));
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(quotes).size).toBe(quotes.length);
    for (const quote of quotes) {
      expect(prose).toContain(quote);
      expect(quote.length).toBeGreaterThanOrEqual(12);
      for (const line of structure) expect(line.includes(quote) || quote.includes(line)).toBe(false);
    }
    // No cited sentence of the article, quoted or not, appears twice.
    const cited = body!.split(/(?<=[。！？])/u).filter((sentence) => /\[\d+\]/.test(sentence)).map(key);
    expect(new Set(cited).size).toBe(cited.length);

    // Every [n] resolves, every listed source is cited, no source twice, file names and places shown.
    const items = list.trim().split('\n').filter((line) => /^\d+\. /.test(line));
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((line) => line.replace(/^\d+\. /, ''))).size).toBe(items.length);
    const markers = new Set([...body!.matchAll(/\[(\d+)\](?!\()/g)].map((match) => Number(match[1])));
    expect([...markers].sort((a, b) => a - b)).toEqual(items.map((_item, i) => i + 1));
    for (const item of items) expect(item).toMatch(/^\d+\. 《(电池\.md|sample\.docx)》第 \d+ 段[^\n]*（知识库）$/u);
    const references = (article!.metadata as { references: { title: string; position?: string }[] }).references;
    expect(new Set(references.map((reference) => `${reference.title}|${reference.position}`)).size).toBe(references.length);
    expect(references.every((reference) => reference.position)).toBe(true);
    expect(references).toHaveLength(items.length);
  });

  it('refuses an expired or foreign knowledge base before holding any coin', async () => {
    const owner = await proUser();
    const other = await proUser();
    const { sessionId, fileIds } = await builtSession(owner.cookie);
    const balanceBefore = (await t.database.db.select().from(users).where(eq(users.username, other.username)))[0]!.coinBalance;
    const foreign = await generate(t, other.cookie, { topic: '借用别人的知识库', advanced_mode: true, deepspaceId: other.deepspaceId, settings: settings(sessionId, fileIds) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 'error', message: '知识库会话已过期，请重新上传文件' });
    const balanceAfter = (await t.database.db.select().from(users).where(eq(users.username, other.username)))[0]!.coinBalance;
    expect(balanceAfter).toBe(balanceBefore);
  });
});
