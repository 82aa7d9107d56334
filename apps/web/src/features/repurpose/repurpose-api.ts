import { apiRequest } from '../../lib/api';
import { postTaskStart, type TaskStartAnswer } from '../generation/browser-deps';
import type { ArticleResponse } from '../generation/tracking-types';
import type { RepurposePlatform, RepurposeQuote } from '@tianma/shared';

/** The calls of 一稿多发 (API.md): start, cancel, the price, and a source article's title. */

const path = (value: string) => encodeURIComponent(value);

export function repurposePath(articleId: string): string {
  return `/api/v1/articles/${path(articleId)}/repurpose`;
}

export function cancelPath(taskId: string): string {
  return `/api/v1/articles/${path(taskId)}/cancel`;
}

export const REPURPOSE_QUOTE_PATH = '/api/v1/articles/repurpose/quote';

/** Answers like generate: `task_id, article_id`, or the error shape with the HTTP status beside it. */
export function postRepurpose(articleId: string, platform: RepurposePlatform): Promise<TaskStartAnswer> {
  return postTaskStart(repurposePath(articleId), { platform });
}

/** POST /api/v1/articles/{taskId}/cancel: the server ends the task (its stream then says so) and refunds the hold. */
export async function cancelTask(taskId: string): Promise<void> {
  await apiRequest(cancelPath(taskId), { method: 'POST' });
}

function isQuote(value: unknown): value is RepurposeQuote {
  const record = value as Partial<RepurposeQuote> | null;
  return typeof record?.coins === 'number' && typeof record.balance === 'number' && typeof record.enough === 'boolean';
}

/** The server's price and the balance now; null when the server does not answer one (the rule then stands). */
export async function fetchRepurposeQuote(signal?: AbortSignal): Promise<RepurposeQuote | null> {
  const answer = await apiRequest<unknown>(REPURPOSE_QUOTE_PATH, { signal });
  const data = (answer as { data?: unknown } | null)?.data ?? answer;
  return isQuote(data) ? data : null;
}

/** The title of one of the user's articles (the owner's metadata call, API.md), or null when it is gone. */
export async function fetchArticleTitle(articleId: string, signal?: AbortSignal): Promise<string | null> {
  return (await fetchArticleMeta(articleId, signal)).title;
}

/** An article's title and, for a repurposed one, its platform and source (the owner's article fetch). */
export async function fetchArticleMeta(articleId: string, signal?: AbortSignal): Promise<{ title: string | null; repurposedFor: string | null; sourceArticleId: string | null }> {
  const answer = await apiRequest<ArticleResponse & { repurposed_for?: unknown; source_article_id?: unknown }>(`/api/v1/articles/articles/${path(articleId)}?content_type=md`, { signal });
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return { title: text(answer?.title), repurposedFor: text(answer?.repurposed_for), sourceArticleId: text(answer?.source_article_id) };
}
