import { isWechatThemeId, SHARED_ARTICLE_HIDDEN_TEXT, type WechatThemeId } from '@tianma/shared';
import { ApiError, apiRequest, CLIENT_ERROR_CODES } from '../../lib/api';

/** GET /api/v1/shared/article/{articleId} (public; API.md). */

export interface SharedArticle {
  articleId: string;
  title: string;
  /** Markdown. */
  content: string;
  summary: string;
  imageUrl: string | null;
  createTime: string | null;
  /** The layout theme its author chose for it; null: the site's own look. */
  theme: WechatThemeId | null;
}

export const SHARED_ARTICLE_FAILED_TEXT = '获取文章失败';
export const SHARED_ARTICLE_NOT_FOUND_TEXT = '未找到文章';

export function sharedArticlePath(articleId: string): string {
  return `/api/v1/shared/article/${encodeURIComponent(articleId)}`;
}

/** A layout theme as the share page's stylesheet (GET /api/v1/themes/{id}/share.css). */
export function sharedThemeStylesheetPath(theme: WechatThemeId): string {
  return `/api/v1/themes/${encodeURIComponent(theme)}/share.css`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The article of an answer, or null when it holds none. The text is `content`, or `article` as
 * the spec also names it, under `data` or at the top.
 */
export function readSharedArticle(payload: unknown, articleId: string): SharedArticle | null {
  if (!isRecord(payload)) return null;
  const data = isRecord(payload.data) ? payload.data : payload;
  const content = text(data.content) || text(data.article) || text(payload.content) || text(payload.article);
  if (!content.trim()) return null;
  return {
    articleId: text(data.articleId) || articleId,
    title: text(data.title).trim(),
    content,
    summary: text(data.summary),
    imageUrl: text(data.imageUrl) || null,
    createTime: text(data.createTime) || null,
    theme: isWechatThemeId(data.theme) ? data.theme : null,
  };
}

/**
 * Spec §8: the failure's own message when it has one for people, else 获取文章失败. Our server
 * words every refusal for people and names it with a stable code; a failure without one (a bare
 * status line, a proxy's error page) or a malformed answer has nothing to show but that text.
 */
export function sharedArticleErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === undefined || error.code === CLIENT_ERROR_CODES.badResponse) {
    return SHARED_ARTICLE_FAILED_TEXT;
  }
  // The server's words, or the network failure's (code NETWORK).
  return error.message.trim() || SHARED_ARTICLE_FAILED_TEXT;
}

/** An article the platform hid: its page shows the notice instead of 未找到文章. */
export const HIDDEN_ARTICLE = { hidden: true } as const;

/**
 * null: not found (404, or an answer without an article); HIDDEN_ARTICLE: the platform hid it (a
 * 404 with the hidden notice). Other failures are thrown as they are.
 */
export async function fetchSharedArticle(articleId: string, signal?: AbortSignal): Promise<SharedArticle | typeof HIDDEN_ARTICLE | null> {
  try {
    const payload = await apiRequest(sharedArticlePath(articleId), { signal });
    return readSharedArticle(payload, articleId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return error.message === SHARED_ARTICLE_HIDDEN_TEXT ? HIDDEN_ARTICLE : null;
    throw error;
  }
}
