import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { generationTasks } from '../../src/generation/tables.js';
import { queryRows } from '../../src/platform/db/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

/**
 * The embedded database's read cache (decision 070) through HTTP: /me and my articles answer from
 * memory while nothing is written, and show every write at once, whichever way it was made (a
 * statement, a transaction, raw SQL, a cascade). On PostgreSQL nothing is kept this way.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const balance = async (owner: Owner) => (await get('/api/account/user/me', owner.cookie)).json().user.userAuth.coinBalance as number;
const titles = async (owner: Owner) =>
  ((await get(`/api/v1/articles/user/${owner.deepspaceId}/page?page=1&size=10`, owner.cookie)).json().data as { title: string }[]).map((item) => item.title);
const userIdOf = async (owner: Owner) => (await t.database.db.select().from(users).where(eq(users.username, owner.username)))[0]!.id;

function article(userId: number, title: string) {
  return { articleId: `a${randomBytes(8).toString('hex')}`, userId, title, summary: title, content: `# ${title}\n\n正文` };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('the read cache of the embedded database', () => {
  it('keeps /me and a list page between writes', async () => {
    const owner = await signedInUser(t);
    await balance(owner);
    await titles(owner);
    const kept = t.database.reads!.size;
    await balance(owner);
    await titles(owner);
    expect(t.database.reads!.size).toBe(kept);
    expect(kept).toBeGreaterThanOrEqual(2);
  });

  it('shows a balance changed by a statement, a transaction or raw SQL at once', async () => {
    const owner = await signedInUser(t);
    const userId = await userIdOf(owner);
    const start = await balance(owner);
    await t.database.db.update(users).set({ coinBalance: start + 10 }).where(eq(users.id, userId));
    expect(await balance(owner)).toBe(start + 10);
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ coinBalance: start + 20 }).where(eq(users.id, userId));
    });
    expect(await balance(owner)).toBe(start + 20);
    await queryRows(t.database.db, sql`UPDATE users SET coin_balance = ${start + 30} WHERE id = ${userId} RETURNING id`);
    expect(await balance(owner)).toBe(start + 30);
    // A rolled-back change never shows.
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ coinBalance: start + 40 }).where(eq(users.id, userId));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await balance(owner)).toBe(start + 30);
  });

  it('shows an article written, renamed, given a task or deleted at once', async () => {
    const owner = await signedInUser(t);
    const userId = await userIdOf(owner);
    expect(await titles(owner)).toEqual([]);
    const first = article(userId, '第一篇');
    await t.database.db.insert(articles).values(first);
    expect(await titles(owner)).toEqual(['第一篇']);
    await t.database.db.update(articles).set({ title: '改过的第一篇' }).where(eq(articles.articleId, first.articleId));
    expect(await titles(owner)).toEqual(['改过的第一篇']);
    // The topic (and so the version badge) comes from the task.
    const versionOf = async () => ((await get(`/api/v1/articles/user/${owner.deepspaceId}/page?page=1&size=10`, owner.cookie)).json().data as { version: number | null }[])[0]?.version;
    expect(await versionOf()).toBeNull();
    await t.database.db
      .insert(generationTasks)
      .values({ taskId: `t${randomBytes(8).toString('hex')}`, userId, articleId: first.articleId, topic: '缓存', advanced: false, request: {}, holdCoins: 0, status: 'completed' });
    expect(await versionOf()).toBe(1);
    await t.database.db.delete(articles).where(eq(articles.articleId, first.articleId));
    expect(await titles(owner)).toEqual([]);
  });
});
