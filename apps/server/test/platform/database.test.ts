import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../../src/platform/db/index.js';
import { adminQuery, withDatabase } from '../global-setup.js';
import { articles } from '../../src/articles/tables.js';
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

  it('lets several processes start on one database without corrupting it', async () => {
    const postgres = inject('postgresTemplate');
    if (!postgres) {
      // PGlite is for one process: a second opening of the same data directory is refused.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianma-lock-'));
      const first = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toThrow(/正被进程 \d+ 使用/);
      } finally {
        await first.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      return;
    }
    // PostgreSQL: three processes migrating an empty database at once end with one schema.
    const name = `${postgres.templateName}_fresh_${randomBytes(3).toString('hex')}`;
    await adminQuery(postgres.adminUrl, `CREATE DATABASE "${name}"`);
    const opened: Database[] = [];
    try {
      for (let i = 0; i < 3; i += 1) opened.push(await openDatabase({ databaseUrl: withDatabase(postgres.adminUrl, name), dataDir: '', poolSize: 2 }));
      await Promise.all(opened.map((each) => migrateDatabase(each)));
      const count = sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
      const [fresh] = await queryRows<{ n: number }>(opened[0]!.db, count);
      const [template] = await queryRows<{ n: number }>(database.db, count);
      expect(fresh?.n).toBe(template?.n);
    } finally {
      await Promise.all(opened.map((each) => each.close()));
      await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});
