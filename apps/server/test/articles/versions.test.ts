import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, articleVersions } from '../../src/articles/tables.js';
import { VERSIONS_KEPT } from '../../src/articles/versions.js';
import { post } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';
import { GUIDED, generate, waitForTask } from '../helpers/generation.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

interface VersionItem {
  versionId: string;
  createdAt: string;
  source: string;
  action?: string;
  chars: number;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const save = (articleId: string, content: string, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/article/${articleId}`, headers: { cookie }, payload: { content } });
const versionsOf = async (articleId: string, cookie: string): Promise<VersionItem[]> => {
  const res = await get(`/api/v1/article/${articleId}/versions`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** One article written by the generation for `owner`; answers its id and its generated text. */
async function writtenArticle(owner: Owner) {
  const started = (await generate(t, owner.cookie, { topic: '周末露营装备清单', deepspaceId: owner.deepspaceId, settings: GUIDED })).json();
  expect((await waitForTask(t, started.task_id)).status).toBe('completed');
  const text = (await get(`/api/v1/article/${started.article_id}`, owner.cookie)).body;
  return { articleId: started.article_id as string, text };
}

describe('article versions', () => {
  it('starts with the generated text, adds one per save that changes it, newest first', async () => {
    const owner = await signedInUser(t);
    const { articleId, text } = await writtenArticle(owner);
    const first = await versionsOf(articleId, owner.cookie);
    expect(first).toEqual([{ versionId: expect.stringMatching(/^\d+$/), createdAt: expect.any(String), source: 'generate', chars: [...text].length }]);

    expect((await save(articleId, `${text}\n\n补充一段。`, owner.cookie)).statusCode).toBe(200);
    // The same text saved again is not a new version.
    expect((await save(articleId, `${text}\n\n补充一段。`, owner.cookie)).statusCode).toBe(200);
    const second = await versionsOf(articleId, owner.cookie);
    expect(second.map((version) => version.source)).toEqual(['save', 'generate']);
    expect(second[0]!.chars).toBe([...text].length + 7);
    const saved = await get(`/api/v1/article/${articleId}/versions/${second[0]!.versionId}`, owner.cookie);
    expect(saved.headers['content-type']).toContain('text/plain');
    expect(saved.body).toBe(`${text}\n\n补充一段。`);
  });

  it('restores an earlier version as the current text, itself a new version; the share page shows it', async () => {
    const owner = await signedInUser(t);
    const { articleId, text } = await writtenArticle(owner);
    await save(articleId, '# 改过的标题\n\n全部重写的正文。', owner.cookie);
    const [, generated] = await versionsOf(articleId, owner.cookie);
    const restored = await post(t, `/api/v1/article/${articleId}/versions/${generated!.versionId}/restore`, {}, owner.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ success: true });
    expect((await get(`/api/v1/article/${articleId}`, owner.cookie)).body).toBe(text);
    expect((await versionsOf(articleId, owner.cookie)).map((version) => version.source)).toEqual(['restore', 'save', 'generate']);
    const shared = (await get(`/api/v1/shared/article/${articleId}`)).json();
    expect(shared.data.content).toBe(text);
  });

  it('keeps the newest versions only', async () => {
    const owner = await signedInUser(t);
    const { articleId, text } = await writtenArticle(owner);
    for (let i = 1; i <= VERSIONS_KEPT + 2; i += 1) await save(articleId, `${text}\n\n第${i}次修改`, owner.cookie);
    const versions = await versionsOf(articleId, owner.cookie);
    expect(versions).toHaveLength(VERSIONS_KEPT);
    expect(versions.every((version) => version.source === 'save')).toBe(true);
    const newest = await get(`/api/v1/article/${articleId}/versions/${versions[0]!.versionId}`, owner.cookie);
    expect(newest.body.endsWith(`第${VERSIONS_KEPT + 2}次修改`)).toBe(true);
  });

  it('is the owner’s only: another user, a visitor and bad ids are refused, and nothing changes', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const { articleId, text } = await writtenArticle(owner);
    const [version] = await versionsOf(articleId, owner.cookie);
    const paths = [`/api/v1/article/${articleId}/versions`, `/api/v1/article/${articleId}/versions/${version!.versionId}`];
    for (const path of paths) {
      expect((await get(path, stranger.cookie)).statusCode).toBe(404);
      expect((await get(path)).statusCode).toBe(401);
    }
    const foreignRestore = await post(t, `/api/v1/article/${articleId}/versions/${version!.versionId}/restore`, {}, stranger.cookie);
    expect(foreignRestore.statusCode).toBe(404);
    expect(foreignRestore.json().message).toBe('未找到文章');
    for (const bad of ['abc', '0', '-1', '99999999999999999999']) {
      const res = await get(`/api/v1/article/${articleId}/versions/${bad}`, owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('版本ID格式无效');
    }
    expect((await get(`/api/v1/article/${articleId}/versions/999999`, owner.cookie)).json().message).toBe('未找到该版本');
    // Another article's version id is not this article's version.
    const other = await writtenArticle(owner);
    const [otherVersion] = await versionsOf(other.articleId, owner.cookie);
    expect((await post(t, `/api/v1/article/${articleId}/versions/${otherVersion!.versionId}/restore`, {}, owner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/v1/article/${articleId}`, owner.cookie)).body).toBe(text);
    expect(await versionsOf(articleId, owner.cookie)).toHaveLength(1);
  });

  it('go with the article when it is deleted', async () => {
    const owner = await signedInUser(t);
    const { articleId } = await writtenArticle(owner);
    const [row] = await t.database.db.select({ id: articles.id }).from(articles).where(eq(articles.articleId, articleId));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/article/${articleId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(articleVersions).where(eq(articleVersions.articleId, row!.id))).toEqual([]);
  });
});
