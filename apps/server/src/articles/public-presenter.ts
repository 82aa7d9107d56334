import type { CaseArticle } from '@tianma/shared';
import type { ArticleRow } from '../platform/db/schema.js';

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
