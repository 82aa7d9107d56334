import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { articles, type ArticleRow } from '../articles/tables.js';
import { badRequest } from '../platform/errors.js';

const ARTICLE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function assertArticleId(articleId: string): void {
  if (!ARTICLE_ID_PATTERN.test(articleId)) throw badRequest('文章ID格式无效');
}

/** An article anyone may read: a showcase article, or one its owner made public. */
export async function findPublicArticle(db: Db, articleId: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.articleId, articleId), or(eq(articles.isPublic, true), eq(articles.isShowcase, true))))
    .limit(1);
  return row;
}
