import type { ArticleListItem } from '@tianma/shared';
import type { ArticleListRow } from './owner-articles.js';

/**
 * An article as its owner's list shows it (API.md my-articles item). `ossUrl` is where the
 * markdown can be read back: our own owner-only text endpoint.
 */
export function presentOwnArticle(row: ArticleListRow, deepspaceId: number): ArticleListItem {
  return {
    id: row.id,
    deepspaceId,
    title: row.title,
    summary: row.summary,
    articleId: row.articleId,
    ossUrl: `/api/v1/article/${row.articleId}`,
    imageUrl: row.imageUrl,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    isPublic: row.isPublic,
    wordCount: row.wordCount,
    topic: row.topic,
    version: row.version?.version ?? null,
    versions: row.version?.versions ?? null,
    repurposedFor: row.repurposedFor,
    sourceArticleId: row.sourceArticleId,
  };
}
