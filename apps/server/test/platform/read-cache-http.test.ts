import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/accounts/tables.js';
import { articles } from '../../src/articles/tables.js';
import { generationTasks } from '../../src/generation/tables.js';
import pg from 'pg';
import { TABLE_CHANGES_CHANNEL } from '../../src/platform/db/change-listener.js';
import { openDatabase, queryRows } from '../../src/platform/db/index.js';
import { countPoolWrites } from '../../src/platform/db/pg-write-counting.js';
import { TableChanges } from '../../src/platform/db/table-changes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../helpers/billing.js';

/**
 * The read cache (decision 070) through HTTP: /me and my articles answer from memory while nothing
 * is written, and show every write of this process at once, whichever way it was made (a statement,
 * a transaction, raw SQL, a rollback, a cascade). On PostgreSQL, writes by another process or a
 * plain client show as soon as the database's notice arrives.
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

describe('the read cache', () => {
  it('keeps /me and a list page between writes', async () => {
    const owner = await signedInUser(t);
    await balance(owner);
    await titles(owner);
    const kept = t.database.reads!.size;
    await balance(owner);
    await titles(owner);
    expect(t.database.reads!.size).toBe(kept);
    // On PostgreSQL without Redis the session is not cached (decision 067), and its lookup reads the
    // user with it: there only the list page is kept.
    expect(kept).toBeGreaterThanOrEqual(process.env.TEST_DATABASE_URL ? 1 : 2);
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

describe.runIf(process.env.TEST_DATABASE_URL)('the read cache on PostgreSQL, beside other processes', () => {
  /** Polls until `read` answers `expected`; a notice arrives a moment after the commit. */
  async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
    const deadline = Date.now() + 2000;
    let value = await read();
    while (value !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      value = await read();
    }
    return value;
  }

  it('counts its own writes before their answer, in and out of a transaction', async () => {
    const changes = new TableChanges();
    const pool = new pg.Pool({ connectionString: t.database.url!, max: 1 });
    countPoolWrites(pool, changes);
    try {
      let stamp = changes.stamp(['users']);
      await pool.query('UPDATE users SET level = level');
      expect(changes.stamp(['users'])).not.toBe(stamp);
      stamp = changes.stamp(['users']);
      await pool.query('SELECT count(*) FROM users');
      // A write that changed no row (a queue poll that found nothing) drops nothing.
      await pool.query('UPDATE users SET level = level WHERE false');
      expect(changes.stamp(['users'])).toBe(stamp);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('UPDATE users SET level = level');
        const inside = changes.stamp(['users']);
        expect(inside).not.toBe(stamp);
        await client.query('COMMIT');
        expect(changes.stamp(['users'])).not.toBe(inside);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('shows a balance another process or a plain client changed', async () => {
    const owner = await signedInUser(t);
    const userId = await userIdOf(owner);
    const start = await balance(owner);
    expect(await balance(owner)).toBe(start);
    const other = await openDatabase({ databaseUrl: t.database.url!, dataDir: '', poolSize: 1 });
    try {
      await other.db.update(users).set({ coinBalance: start + 7 }).where(eq(users.id, userId));
    } finally {
      await other.close();
    }
    expect(await eventually(() => balance(owner), start + 7)).toBe(start + 7);
    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    try {
      await client.query('UPDATE users SET coin_balance = $1 WHERE id = $2', [start + 9, userId]);
    } finally {
      await client.end();
    }
    expect(await eventually(() => balance(owner), start + 9)).toBe(start + 9);
  });

  it('keeps nothing while its listener is cut off, and keeps again once it is back', async () => {
    const owner = await signedInUser(t);
    const userId = await userIdOf(owner);
    expect(await titles(owner)).toEqual([]);
    await queryRows(t.database.db, sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${TABLE_CHANGES_CHANNEL}`}`);
    expect(await eventually(async () => t.database.reads!.active, false)).toBe(false);
    const client = new pg.Client({ connectionString: t.database.url! });
    await client.connect();
    try {
      // Written while nobody listens: no notice will ever come for it.
      const lost = article(userId, '断线时写的');
      await client.query('INSERT INTO articles (article_id, user_id, title, summary, content) VALUES ($1, $2, $3, $4, $5)', [lost.articleId, userId, lost.title, lost.summary, lost.content]);
    } finally {
      await client.end();
    }
    expect(await titles(owner)).toEqual(['断线时写的']);
    expect(t.database.reads!.size).toBe(0);
    await t.database.readsReady!(5000);
    expect(t.database.reads!.active).toBe(true);
    expect(await titles(owner)).toEqual(['断线时写的']);
    expect(t.database.reads!.size).toBe(1);
  });
});
