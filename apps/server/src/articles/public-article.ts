import { SHARED_ARTICLE_HIDDEN_TEXT } from '@tianma/shared';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { articles, type ArticleRow, showcasePicks } from '../articles/tables.js';
import { badRequest } from '../platform/errors.js';

const ARTICLE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function assertArticleId(articleId: string): void {
  if (!ARTICLE_ID_PATTERN.test(articleId)) throw badRequest('文章ID格式无效');
}

/** What a stranger asking for an article gets: the article, word that the platform hid it, or nothing. */
export type PublicRead = { article: ArticleRow } | { hidden: true } | null;

/** Said on the share page of an article an operator hid (issue 21). */
export const ARTICLE_HIDDEN = SHARED_ARTICLE_HIDDEN_TEXT;

const readable = or(eq(articles.isPublic, true), eq(articles.isShowcase, true));

/**
 * An article anyone may read: a showcase article, or one its owner made public, unless an
 * operator hid it. A home-page case slot reads as the article an operator picked for it while
 * that one is still readable, else as its seeded article.
 */
export async function readPublicArticle(db: Db, articleId: string): Promise<PublicRead> {
  const [pick] = await db
    .select({ article: articles })
    .from(showcasePicks)
    .innerJoin(articles, eq(articles.articleId, showcasePicks.articleId))
    .where(and(eq(showcasePicks.slot, articleId), readable, isNull(articles.hiddenAt)))
    .limit(1);
  if (pick) return { article: pick.article };
  const [row] = await db.select().from(articles).where(and(eq(articles.articleId, articleId), readable)).limit(1);
  if (!row) return null;
  return row.hiddenAt ? { hidden: true } : { article: row };
}

/** readPublicArticle's article, or undefined when there is none to show. */
export async function findPublicArticle(db: Db, articleId: string): Promise<ArticleRow | undefined> {
  const read = await readPublicArticle(db, articleId);
  return read && 'article' in read ? read.article : undefined;
}
