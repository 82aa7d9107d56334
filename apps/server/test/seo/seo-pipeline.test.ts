import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agents } from '../../src/generation/agents/types.js';
import { OfflineComposer } from '../../src/generation/composer/offline-composer.js';
import { generationStageOutputs } from '../../src/generation/tables.js';
import { users } from '../../src/accounts/tables.js';
import { LEAD_SENTENCES } from '../../src/seo/seo-rules.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { generate, waitForTask } from '../helpers/generation.js';

/*
 * The SEO rules inside the pipeline: an SEO agent that changes nothing (as a lazy model might)
 * still gives an article with the keyword in its title and first paragraph and, on Xiaohongshu,
 * the #话题 line; the saved SEO output already holds the repaired article.
 */

const composer = new OfflineComposer();
const lazySeo = Object.create(composer) as Agents;
lazySeo.optimizeSeo = async ({ article }) => ({ title: article.title, markdown: article.markdown, keywords: [] });

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { generation: { agents: lazySeo } });
});
afterAll(() => t.close());

async function proUser() {
  const user = await signedInUser(t);
  await t.database.db.update(users).set({ level: 1, subscriptionExpiry: sql`now() + interval '30 days'` }).where(eq(users.username, user.username));
  return user;
}

async function write(settings: Record<string, unknown>) {
  const user = await proUser();
  const res = await generate(t, user.cookie, { topic: '周末带娃去哪儿玩', advanced_mode: true, settings: { length: 800, enableSeo: true, ...settings } });
  expect(res.statusCode).toBe(200);
  const task = await waitForTask(t, res.json().task_id);
  expect(task.status).toBe('completed');
  const stored = (await t.app.inject({ method: 'GET', url: `/api/v1/articles/articles/${task.articleId}`, headers: { cookie: user.cookie } })).json();
  return { task, stored: stored as { title: string; content: string } };
}

describe('the SEO rules in the pipeline', () => {
  it('repairs the title and the first paragraph of a Xiaohongshu note, within its 20 characters, with one #话题 line', async () => {
    const { task, stored } = await write({ platform: 'xiaohongshu', seoKeywords: '亲子游,遛娃攻略' });
    expect(stored.title).toContain('亲子游');
    expect([...stored.title].length).toBeLessThanOrEqual(20);
    expect(stored.content).toContain(`# ${stored.title}\n`);
    expect(stored.content).toContain(LEAD_SENTENCES.xiaohongshu('亲子游'));
    const tagLines = stored.content.split('\n').filter((line) => /^#[^#\s]/.test(line));
    expect(tagLines).toHaveLength(1);
    expect(tagLines[0]!.split(/\s+/)).toEqual(expect.arrayContaining(['#亲子游', '#遛娃攻略']));
    // The repaired article is what the SEO step saved: a resumed task takes it as it is.
    const [seo] = await t.database.db
      .select()
      .from(generationStageOutputs)
      .where(and(eq(generationStageOutputs.taskId, task.id), eq(generationStageOutputs.key, 'seo')));
    expect(seo?.output).toMatchObject({ title: stored.title });
  });

  it('leaves the platform touches out when only the title and content are to be optimised', async () => {
    const { stored } = await write({
      platform: 'zhihu',
      seoKeywords: '亲子游',
      seoOptions: { optimizePlatform: false, optimizeTitleAndContent: true },
    });
    expect(stored.title).toContain('亲子游');
    expect(stored.content).not.toMatch(/^#亲子游/m);
    const body = stored.content.split('\n').filter((line) => line.trim() && !line.startsWith('#') && !line.startsWith('!'));
    expect(body.slice(0, 2).join('')).toMatch(new RegExp(`亲子游|${LEAD_SENTENCES.zhihu('亲子游')}`));
  });
});
