import { type CaseArticle, isWechatThemeId, type WechatThemeId } from '@tianma/shared';
import type { ArticleRow } from '../articles/tables.js';

/**
 * What a stranger may see of an article. Owner ids, internal ids and private flags never
 * leave through here; every public read of an article goes through this file.
 */
export const DEFAULT_ARTICLE_IMAGE = '/images/case-placeholder.svg';

export function presentCaseArticle(row: ArticleRow): CaseArticle {
  return {
    title: row.title,
    summary: row.summary,
    imageUrl: row.imageUrl || DEFAULT_ARTICLE_IMAGE,
  };
}

export interface SharedArticle {
  articleId: string;
  title: string;
  content: string;
  summary: string;
  imageUrl: string | null;
  createTime: string;
  /** The layout theme its owner chose (issue 20, point 2); null: the site's own look. */
  theme: WechatThemeId | null;
}

/** An article on its public share page (API.md `GET /api/v1/shared/article/{id}`): no owner, no settings. */
export function presentSharedArticle(row: ArticleRow): SharedArticle {
  return {
    articleId: row.articleId,
    title: row.title,
    content: row.content,
    summary: row.summary,
    imageUrl: row.imageUrl,
    createTime: row.createdAt.toISOString(),
    theme: isWechatThemeId(row.wechatTheme) ? row.wechatTheme : null,
  };
}
