import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicKey } from '../../src/articles/topic-versions.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

// The embedded default: PGlite, the in-process queue and the offline writer.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

const quote = (owner: Owner, topic?: string) => post(t, '/api/v1/articles/quote', { advanced_mode: false, settings: GUIDED, ...(topic === undefined ? {} : { topic }) }, owner.cookie);

/** Writes one article on the topic through generate and answers its id once it is done. */
async function write(owner: Owner, topic: string): Promise<string> {
  const started = await generate(t, owner.cookie, { topic, settings: GUIDED });
  expect(started.statusCode).toBe(200);
  const task = await waitForTask(t, started.json().task_id, 60_000);
  expect(task.status).toBe('completed');
  return started.json().article_id;
}

const page = async (owner: Owner) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/articles/user/${owner.deepspaceId}/page?page=1&size=8`, headers: { cookie: owner.cookie } })).json();

describe('topicKey', () => {
  it('ignores whitespace (full-width too) and the case of Latin letters', () => {
    expect(topicKey('  AI 写作\u3000入门 ')).toBe(topicKey('ai写作入门'));
    expect(topicKey('AI写作入门')).not.toBe(topicKey('AI写作进阶'));
    expect(topicKey(' \u3000 ')).toBe('');
  });
});

describe('POST /api/v1/articles/quote: previous', () => {
  it('is null before the first article, names the article after it, and is the user’s own', async () => {
    const owner = await signedInUser(t);
    const topic = '远程办公如何保持高效';

    const before = await quote(owner, topic);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.previous).toBeNull();

    const articleId = await write(owner, topic);

    const after = (await quote(owner, topic)).json().data;
    expect(after.previous).toEqual({
      count: 1,
      latest: { articleId, title: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    expect(after.previous.latest.title.length).toBeGreaterThan(0);
    // The same topic typed with other spacing and case.
    expect((await quote(owner, `  ${topic.replace('如何', ' 如何 ')}\u3000`)).json().data.previous?.latest.articleId).toBe(articleId);
    // Another topic, no topic, a blank topic.
    expect((await quote(owner, '远程办公的工具清单')).json().data.previous).toBeNull();
    expect((await quote(owner)).json().data.previous).toBeNull();
    expect((await quote(owner, '   ')).json().data.previous).toBeNull();

    // Another user's article never shows, for them or in their count.
    const other = await signedInUser(t);
    expect((await quote(other, topic)).json().data.previous).toBeNull();
    const theirs = await write(other, topic);
    expect((await quote(other, topic)).json().data.previous).toMatchObject({ count: 1, latest: { articleId: theirs } });
    expect((await quote(owner, topic)).json().data.previous).toMatchObject({ count: 1, latest: { articleId } });
  });

  it('takes any text as a topic, and refuses a topic longer than generate allows', async () => {
    const owner = await signedInUser(t);
    for (const topic of ["'; DROP TABLE articles; --", '.*[\\s]+(', '%_\\', '\u0000x']) {
      const res = await quote(owner, topic);
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().data.previous).toBeNull();
    }
    const long = await quote(owner, '长'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('文章主题不能超过2000个字');
  });

  it('counts every version and names the latest; my articles numbers them', async () => {
    const owner = await signedInUser(t);
    const first = await write(owner, '新手如何开始跑步');
    const lone = await write(owner, '咖啡的冲煮方法');
    const second = await write(owner, '新手如何开始跑步 ');

    expect((await quote(owner, '新手如何开始跑步')).json().data.previous).toMatchObject({ count: 2, latest: { articleId: second } });

    const list = await page(owner);
    const byId = new Map(list.data.map((item: { articleId: string }) => [item.articleId, item]));
    expect(byId.get(second)).toMatchObject({ topic: '新手如何开始跑步', version: 2, versions: 2 });
    expect(byId.get(first)).toMatchObject({ topic: '新手如何开始跑步', version: 1, versions: 2 });
    expect(byId.get(lone)).toMatchObject({ topic: '咖啡的冲煮方法', version: 1, versions: 1 });

    // A deleted version is no longer counted.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/article/${first}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await quote(owner, '新手如何开始跑步')).json().data.previous).toMatchObject({ count: 1, latest: { articleId: second } });
    const again = await page(owner);
    expect(again.data.find((item: { articleId: string }) => item.articleId === second)).toMatchObject({ version: 1, versions: 1 });
  });
});
