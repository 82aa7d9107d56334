import { type ArticleListItem, articlePageResponseSchema, MY_ARTICLES_PAGE_SIZE } from '@tianma/shared';
import { apiRequest } from '../../lib/api';

export type { ArticleListItem };

/** Spec §6: the list asks for this user when the signed-in record has no deepspaceId. */
export const FALLBACK_DEEPSPACE_ID = 12345;

export interface ArticlePage {
  items: ArticleListItem[];
  /** 1-based. */
  page: number;
  totalPages: number;
}

export function articlePagePath(deepspaceId: number, page: number): string {
  return `/api/v1/articles/user/${deepspaceId}/page?page=${page}&size=${MY_ARTICLES_PAGE_SIZE}`;
}

export function articlePath(articleId: string): string {
  return `/api/v1/article/${encodeURIComponent(articleId)}`;
}

/**
 * One page of the user's articles. Errors are worded as the HTTP status line (spec §8: the list
 * shows "the HTTP error" above the sample data).
 */
export async function fetchArticlePage(deepspaceId: number, page: number, signal?: AbortSignal): Promise<ArticlePage> {
  const answer = await apiRequest(articlePagePath(deepspaceId, page), {
    schema: articlePageResponseSchema,
    signal,
    errorWording: 'http',
  });
  return { items: answer.data, page: answer.page, totalPages: answer.totalPages };
}

export function articleVisibilityPath(articleId: string): string {
  return `${articlePath(articleId)}/visibility`;
}

export interface VisibilityAnswer {
  isPublic: boolean;
  message: string;
}

/** PUT /api/v1/article/{articleId}/visibility (owner only): turns the share link on or off. */
export async function setArticleVisibility(articleId: string, isPublic: boolean): Promise<VisibilityAnswer> {
  const answer = await apiRequest<{ isPublic?: unknown; message?: unknown }>(articleVisibilityPath(articleId), { method: 'PUT', body: { isPublic } });
  return {
    isPublic: typeof answer?.isPublic === 'boolean' ? answer.isPublic : isPublic,
    message: typeof answer?.message === 'string' && answer.message.trim() ? answer.message.trim() : isPublic ? '已开启公开访问' : '已关闭公开访问',
  };
}

export async function deleteArticle(articleId: string): Promise<void> {
  await apiRequest(articlePath(articleId), { method: 'DELETE' });
}
