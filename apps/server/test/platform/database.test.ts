import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/platform/db/index.js';
import { articles } from '../../src/platform/db/schema.js';
import { createTestDatabase } from '../helpers/database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`database layer (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has every migration applied', async () => {
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(row?.n).toBeGreaterThan(1);
  });

  it('starts each test file from the seeded template', async () => {
    const rows = await database.db.select({ id: articles.articleId }).from(articles).where(eq(articles.isShowcase, true));
    expect(rows).toHaveLength(4);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(articles).values({ articleId: 'tx-rollback-1', title: '回滚' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await database.db.select().from(articles).where(eq(articles.articleId, 'tx-rollback-1'));
    expect(rows).toHaveLength(0);
  });

  it('enforces unique public article ids', async () => {
    await database.db.insert(articles).values({ articleId: 'unique-1' });
    await expect(database.db.insert(articles).values({ articleId: 'unique-1' })).rejects.toThrow();
  });

  it('supports FOR UPDATE SKIP LOCKED, which the job runner relies on', async () => {
    const rows = await database.db.transaction(async (tx) =>
      queryRows(tx, sql`SELECT article_id FROM articles WHERE is_showcase ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`),
    );
    expect(rows).toHaveLength(1);
  });

  it('stores timestamps with their time zone', async () => {
    const at = new Date('2025-06-01T08:30:00+08:00');
    await database.db.insert(articles).values({ articleId: 'tz-1', createdAt: at });
    const [row] = await database.db.select().from(articles).where(eq(articles.articleId, 'tz-1'));
    expect(row?.createdAt.toISOString()).toBe('2025-06-01T00:30:00.000Z');
  });
});
