import { DEFAULT_WECHAT_THEME, type WechatPublication, type WechatPublishState, type WechatThemeId, isWechatThemeId } from '@tianma/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { ArticleRow } from '../../articles/tables.js';
import { articles } from '../../articles/tables.js';
import type { Db } from '../../platform/db/index.js';
import { type WechatPublicationRow, wechatAccounts, wechatPublications } from './tables.js';

/** The presenter of a publication: never the user id, the article's text or anything of the account but its id and name. */
export function toPublication(row: WechatPublicationRow, accountName?: string | null): WechatPublication {
  return {
    publishId: row.id,
    state: row.state as WechatPublishState,
    ...(row.mediaId ? { mediaId: row.mediaId } : {}),
    ...(row.message ? { message: row.message } : {}),
    accountId: row.accountId,
    theme: row.theme,
    submit: row.submit,
    ...(row.scheduledAt ? { scheduledAt: row.scheduledAt.toISOString() } : {}),
    ...(row.articleUrl ? { articleUrl: row.articleUrl } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(accountName ? { accountName } : {}),
  };
}

export async function findOwnPublication(db: Db, userId: number, publishId: string): Promise<WechatPublicationRow | undefined> {
  const [row] = await db
    .select()
    .from(wechatPublications)
    .where(and(eq(wechatPublications.id, publishId), eq(wechatPublications.userId, userId)))
    .limit(1);
  return row;
}

export const PUBLICATIONS_LIST_MAX = 20;

/** The article's publications, newest first, with the account's name (gone when the account was unbound). */
export async function listArticlePublications(db: Db, userId: number, articleId: string): Promise<WechatPublication[]> {
  const rows = await db
    .select({ publication: wechatPublications, accountName: wechatAccounts.name })
    .from(wechatPublications)
    .leftJoin(wechatAccounts, and(eq(wechatAccounts.id, wechatPublications.accountId), eq(wechatAccounts.userId, wechatPublications.userId)))
    .where(and(eq(wechatPublications.userId, userId), eq(wechatPublications.articleId, articleId)))
    .orderBy(desc(wechatPublications.createdAt), desc(wechatPublications.id))
    .limit(PUBLICATIONS_LIST_MAX);
  return rows.map((row) => toPublication(row.publication, row.accountName));
}

/** The theme publishing uses: the one asked for, else the article's own, else the default. */
export function themeFor(article: Pick<ArticleRow, 'wechatTheme'>, asked?: string | null): WechatThemeId {
  if (asked && isWechatThemeId(asked)) return asked;
  return isWechatThemeId(article.wechatTheme) ? article.wechatTheme : DEFAULT_WECHAT_THEME;
}

export async function setArticleTheme(db: Db, userId: number, articleId: string, theme: WechatThemeId): Promise<boolean> {
  const updated = await db
    .update(articles)
    .set({ wechatTheme: theme })
    .where(and(eq(articles.articleId, articleId), eq(articles.userId, userId)))
    .returning({ id: articles.id });
  return updated.length > 0;
}
