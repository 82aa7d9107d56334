import { NO_SUMMARY, type SHOWCASE_CASES, UNTITLED } from '@tianma/shared';
import { apiRequest } from '../../lib/api';

export type ShowcaseCase = (typeof SHOWCASE_CASES)[number];

export const CASE_PLACEHOLDER_IMAGE = '/images/case-placeholder.svg';
export const CASE_PLACEHOLDER_ALT = '内容案例';
export const DEFAULT_CASE_EXCERPT = '这是一篇精彩的内容，点击查看详情...';

export interface CaseContent {
  title: string;
  excerpt: string;
  imageUrl: string;
}

// The schema (and zod) load with the first case request, not with the home page's entry chunk.
const loadCaseReplySchema = () => import('./case-reply-schema').then((module) => module.caseReplySchema);

export function caseArticlePath(articleId: string): string {
  return `/deepspaceasset/deepspace/articles/article/${encodeURIComponent(articleId)}`;
}

export function caseShareUrl(articleId: string): string {
  return `${window.location.origin}/shared/article/${encodeURIComponent(articleId)}`;
}

export function defaultCaseContent(showcase: ShowcaseCase): CaseContent {
  return {
    title: `${showcase.platformLabel}精选内容`,
    excerpt: DEFAULT_CASE_EXCERPT,
    imageUrl: CASE_PLACEHOLDER_IMAGE,
  };
}

export async function fetchCaseContent(articleId: string, signal?: AbortSignal): Promise<CaseContent> {
  const { data } = await apiRequest(caseArticlePath(articleId), {
    schema: loadCaseReplySchema,
    signal,
    errorWording: 'http',
  });
  return {
    title: data.title?.trim() || UNTITLED,
    excerpt: data.summary?.trim() || NO_SUMMARY,
    imageUrl: data.imageUrl?.trim() || CASE_PLACEHOLDER_IMAGE,
  };
}

/** ApiError already carries the wording of the spec ('HTTP …' or the format error). */
export function caseErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
