import { articleHeading, articleSummary, countArticleWords, firstImageUrl } from '@tianma/shared';
import { and, count, desc, eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.js';
import { preparedFor } from '../platform/db/prepared.js';
import type { ReadCache } from '../platform/db/read-cache.js';
import { type ArticleRow, articles } from '../articles/tables.js';
import { generationTasks } from '../generation/tables.js';
import { type TopicVersion, topicVersions } from './topic-versions.js';
import { type NewVersion, recordVersion } from './versions.js';

/** An owner's reads and writes of their own articles; every query is scoped by the owner. */

/** The columns a list item shows: never the article's text or metadata, which a page does not need. */
const ARTICLE_LIST_COLUMNS = {
  id: articles.id,
  articleId: articles.articleId,
  title: articles.title,
  summary: articles.summary,
  imageUrl: articles.imageUrl,
  isPublic: articles.isPublic,
  wordCount: articles.wordCount,
  repurposedFor: articles.repurposedFor,
  sourceArticleId: articles.sourceArticleId,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type ArticleListRow = Pick<ArticleRow, keyof typeof ARTICLE_LIST_COLUMNS> & {
  /** The topic of the task that wrote it (null for an article without one). */
  topic: string | null;
  /** Its version among the owner's articles on the same topic (decision 057). */
  version: TopicVersion | null;
};

export interface ArticlePage {
  rows: ArticleListRow[];
  total: number;
}

/**
 * One statement per page (decision 067): the page is cut from the owner's articles first (index
 * articles_user_created_idx, read backwards) and only its rows are joined to their tasks — joining
 * before the LIMIT made PostgreSQL hash the whole generation_tasks table; the owner's count rides
 * along as a scalar subquery (an index-only scan).
 */
const pageOfArticles = preparedFor((db) => {
  const page = db.$with('page').as(
    db
      .select(ARTICLE_LIST_COLUMNS)
      .from(articles)
      .where(eq(articles.userId, sql.placeholder('userId')))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(page)
    .select({
      id: page.id,
      articleId: page.articleId,
      title: page.title,
      summary: page.summary,
      imageUrl: page.imageUrl,
      isPublic: page.isPublic,
      wordCount: page.wordCount,
      repurposedFor: page.repurposedFor,
      sourceArticleId: page.sourceArticleId,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      topic: generationTasks.topic,
      total: sql<number>`(select count(*) from ${articles} where ${articles.userId} = ${sql.placeholder('userId')})`.mapWith(Number),
    })
    .from(page)
    .leftJoin(generationTasks, eq(generationTasks.articleId, page.articleId))
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare('own_articles_page');
});

/** The count alone, for a page past the last one (no row to carry it). */
const countOfArticles = preparedFor((db) =>
  db
    .select({ total: count() })
    .from(articles)
    .where(eq(articles.userId, sql.placeholder('userId')))
    .prepare('own_articles_count'),
);

/** The tables a list page is read from: the articles and, for their topics and versions, the tasks. */
const LIST_TABLES = [getTableName(articles), getTableName(generationTasks)];

/** A page of the owner's articles; with `reads` (the embedded database) kept until those tables change. */
export function listOwnArticles(db: Db, userId: number, page: number, size: number, reads?: ReadCache): Promise<ArticlePage> {
  const load = () => readOwnArticles(db, userId, page, size);
  return reads ? reads.read(`articles:${userId}:${page}:${size}`, LIST_TABLES, load) : load();
}

async function readOwnArticles(db: Db, userId: number, page: number, size: number): Promise<ArticlePage> {
  const offset = (page - 1) * size;
  const found = await pageOfArticles(db).execute({ userId, limit: size, offset });
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && offset > 0) total = Number((await countOfArticles(db).execute({ userId }))[0]?.total ?? 0);
  const versions = await topicVersions(
    db,
    userId,
    found.flatMap((row) => (row.topic === null ? [] : [row.topic])),
  );
  const rows = found.map(({ total: _total, ...row }) => ({ ...row, version: versions.get(row.articleId) ?? null }));
  return { rows, total };
}

export async function findOwnArticle(db: Db, userId: number, articleId: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.articleId, articleId), eq(articles.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Saves the editor's markdown, and the version it makes (a save, or the accepted revision's
 * action, or a restore), in one transaction. Title, summary, cover and word count follow the new
 * text, so my articles and the share page show what was saved; a text without a heading or image
 * keeps the old title or cover.
 */
export async function updateOwnArticle(db: Db, row: ArticleRow, content: string, version: Omit<NewVersion, 'content'> = { source: 'save' }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(articles)
      .set({
        content,
        title: articleHeading(content) ?? row.title,
        summary: articleSummary(content),
        imageUrl: firstImageUrl(content) ?? row.imageUrl,
        wordCount: countArticleWords(content),
        updatedAt: new Date(),
      })
      .where(and(eq(articles.id, row.id), eq(articles.userId, row.userId!)))
      .returning({ id: articles.id });
    if (updated.length === 0) return false;
    await recordVersion(tx, row, { ...version, content });
    return true;
  });
}

export async function setArticleVisibility(db: Db, row: ArticleRow, isPublic: boolean): Promise<boolean> {
  const updated = await db
    .update(articles)
    .set({ isPublic, updatedAt: new Date() })
    .where(and(eq(articles.id, row.id), eq(articles.userId, row.userId!)))
    .returning({ id: articles.id });
  return updated.length > 0;
}

export async function deleteOwnArticle(db: Db, row: ArticleRow): Promise<boolean> {
  const deleted = await db
    .delete(articles)
    .where(and(eq(articles.id, row.id), eq(articles.userId, row.userId!)))
    .returning({ id: articles.id });
  return deleted.length > 0;
}

/**
 * Storage keys of the images generated for this article: those its task saved (`savedUrls`,
 * generation's record) and those its text still shows. Only keys named after this article
 * qualify, so an edited text that shows someone else's image can never make us delete it.
 */
export function ownImageKeys(row: ArticleRow, savedUrls: readonly string[]): string[] {
  const urls = new Set<string>();
  for (const match of row.content.matchAll(/\/media\/(articles\/[A-Za-z0-9._-]+)/g)) urls.add(match[1]!);
  for (const url of savedUrls) if (url.startsWith('/media/')) urls.add(url.slice('/media/'.length));
  const own = new RegExp(`^articles/${row.articleId}-\\d+\\.(png|jpg|webp)$`);
  return [...urls].filter((key) => own.test(key));
}
