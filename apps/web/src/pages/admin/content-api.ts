import { apiRequest } from '../../lib/api';
import type { Paged } from './admin-api';

/*
 * The content tab's calls (docs/api-additions.md, /api/admin/articles, showcase, feedback; issue 21,
 * point 7). Picking a case and hiding an article change state: they go through useStepUp.
 */

export interface SharedArticle {
  articleId: string;
  title: string;
  platform: string;
  username: string | null;
  wordCount: number;
  createdAt: string;
  hidden: boolean;
  hiddenReason: string | null;
  /** The home-page slot (a seeded case's id) this article fills, else null. */
  showcaseSlot: string | null;
}

export interface ShowcaseSlot {
  slot: string;
  platformLabel: string;
  pickedArticleId: string | null;
  pickedTitle: string | null;
  /** False while the pick is private or hidden: the seeded case shows instead. */
  showsPick: boolean;
}

export type FeedbackFilter = 'like' | 'dislike' | '';

export interface FeedbackEntry {
  id: number;
  type: 'like' | 'dislike';
  content: string | null;
  articleId: string | null;
  articleTitle: string | null;
  platform: string | null;
  username: string | null;
  createdAt: string;
}

export const contentKeys = {
  articles: ['admin', 'articles'] as const,
  articlesPage: (q: string, page: number) => ['admin', 'articles', q, page] as const,
  showcase: ['admin', 'showcase'] as const,
  feedbackPage: (type: FeedbackFilter, page: number) => ['admin', 'feedback', type, page] as const,
};

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export async function fetchSharedArticles(q: string, page: number, signal?: AbortSignal): Promise<Paged<SharedArticle>> {
  const { data, totalPages } = await apiRequest<Paged<SharedArticle>>(`/api/admin/articles?${query({ q, page })}`, { signal });
  return { data, page, totalPages };
}

export async function fetchShowcase(signal?: AbortSignal): Promise<ShowcaseSlot[]> {
  return (await apiRequest<{ data: ShowcaseSlot[] }>('/api/admin/showcase', { signal })).data;
}

/** `articleId` null gives the slot back to its seeded case; the answer is every slot as it is now. */
export async function pickShowcase(slot: string, body: { articleId: string | null; reason: string }): Promise<ShowcaseSlot[]> {
  return (await apiRequest<{ data: ShowcaseSlot[] }>(`/api/admin/showcase/${encodeURIComponent(slot)}`, { method: 'PUT', body })).data;
}

export async function setArticleHidden(articleId: string, body: { hidden: boolean; reason: string }): Promise<void> {
  await apiRequest(`/api/admin/articles/${encodeURIComponent(articleId)}/hide`, { method: 'POST', body });
}

export async function fetchFeedback(type: FeedbackFilter, page: number, signal?: AbortSignal): Promise<Paged<FeedbackEntry>> {
  const { data, totalPages } = await apiRequest<Paged<FeedbackEntry>>(`/api/admin/feedback?${query({ type, page })}`, { signal });
  return { data, page, totalPages };
}

/** Where anyone reads a shared article. */
export const sharePath = (articleId: string) => `/shared/article/${encodeURIComponent(articleId)}`;
