import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../src/articles/tables.js';
import { users } from '../../src/accounts/tables.js';
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

async function builtSession(cookie: string) {
  const body = multipart([{ name: 'files', file: { filename: '年度报告.md', content: Buffer.from(FACTS) } }]);
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
    expect(article!.content).toContain('年度报告.md（知识库）');
    expect(article!.content).toMatch(/1280家|百分之六十三|复购率/);
    const references = (article!.metadata as { references: { source: string }[] }).references;
    expect(references.some((reference) => reference.source === 'knowledge')).toBe(true);
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
