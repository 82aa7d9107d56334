import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, queryRows } from '../../src/platform/db/index.js';
import { databaseMigratedTo } from '../helpers/migrated-to.js';

/**
 * 0009_article_versions: an article written before versions existed starts with its current text
 * as its first version ('generate' if never saved since, else 'save'); showcase articles (no
 * owner) get none. Runs on the suite's database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const BEFORE = '0008_open_order_reuse';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('0009_article_versions', () => {
  it('gives every owned article its current text as its first version', { timeout: 60_000 }, async () => {
    const database = await databaseMigratedTo(BEFORE, cleanups);
    const db = database.db;
    await db.execute(sql`INSERT INTO users (id, deepspace_id, username, password_hash) VALUES (1, 900000001, 'versions', 'x')`);
    await db.execute(sql`
      INSERT INTO articles (article_id, user_id, content, created_at, updated_at, is_showcase) VALUES
        ('a-untouched', 1, '# 原文\n\n没改过。', '2026-10-01T08:00:00Z', '2026-10-01T08:00:00Z', false),
        ('a-edited', 1, '# 改过\n\n保存过一次。', '2026-10-01T08:00:00Z', '2026-10-02T09:30:00Z', false),
        ('a-showcase', NULL, '# 案例', '2026-10-01T08:00:00Z', '2026-10-01T08:00:00Z', true)`);

    await migrateDatabase(database);

    const rows = await queryRows<{ article_id: string; source: string; content: string; chars: number; created_at: Date | string }>(
      db,
      sql`SELECT a.article_id, v.source, v.content, v.chars, v.created_at FROM article_versions v JOIN articles a ON a.id = v.article_id ORDER BY a.article_id`,
    );
    expect(rows.map((row) => [row.article_id, row.source, row.content, Number(row.chars)])).toEqual([
      ['a-edited', 'save', '# 改过\n\n保存过一次。', 12],
      ['a-untouched', 'generate', '# 原文\n\n没改过。', 10],
    ]);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe('2026-10-02T09:30:00.000Z');
  });
});
