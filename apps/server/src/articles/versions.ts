import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db/index.js';
import { type ArticleRow, type ArticleVersionRow, articleVersions } from './tables.js';

/** Where a version came from (API.md: versions). */
export type VersionSource = 'generate' | 'save' | 'revision' | 'restore';

/**
 * How many versions an article keeps: the newest ones. A creator who saves every few minutes for
 * a day stays within it; older versions are dropped when a new one is written (decision 059).
 */
export const VERSIONS_KEPT = 100;

export interface NewVersion {
  source: VersionSource;
  action?: string | null;
  content: string;
}

const charCount = (text: string) => [...text].length;

/**
 * Writes a version of `article` inside the caller's transaction, unless the newest one already
 * holds this exact text (a second save without a change is not a new version); keeps the newest
 * VERSIONS_KEPT. Answers whether a version was written.
 */
export async function recordVersion(tx: DbOrTx, article: Pick<ArticleRow, 'id' | 'userId'>, version: NewVersion): Promise<boolean> {
  const [newest] = await tx
    .select({ content: articleVersions.content })
    .from(articleVersions)
    .where(eq(articleVersions.articleId, article.id))
    .orderBy(desc(articleVersions.id))
    .limit(1);
  if (newest && newest.content === version.content && version.source !== 'restore') return false;
  await tx.insert(articleVersions).values({
    articleId: article.id,
    userId: article.userId,
    source: version.source,
    action: version.action ?? null,
    content: version.content,
    chars: charCount(version.content),
  });
  const [oldestKept] = await tx
    .select({ id: articleVersions.id })
    .from(articleVersions)
    .where(eq(articleVersions.articleId, article.id))
    .orderBy(desc(articleVersions.id))
    .offset(VERSIONS_KEPT - 1)
    .limit(1);
  if (oldestKept) await tx.delete(articleVersions).where(and(eq(articleVersions.articleId, article.id), lt(articleVersions.id, oldestKept.id)));
  return true;
}

export type VersionSummary = Pick<ArticleVersionRow, 'id' | 'source' | 'action' | 'chars' | 'createdAt'>;

/** The article's versions, newest first, without their text. */
export async function listVersions(db: Db, articleId: number): Promise<VersionSummary[]> {
  return db
    .select({ id: articleVersions.id, source: articleVersions.source, action: articleVersions.action, chars: articleVersions.chars, createdAt: articleVersions.createdAt })
    .from(articleVersions)
    .where(eq(articleVersions.articleId, articleId))
    .orderBy(desc(articleVersions.id));
}

/** One version of the article, or undefined when the id is not one of its versions. */
export async function findVersion(db: Db, articleId: number, versionId: number): Promise<ArticleVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.id, versionId)))
    .limit(1);
  return row;
}
