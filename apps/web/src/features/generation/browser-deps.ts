import { ApiError, apiRequest, FORMAT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { openSseStream } from './sse-stream';
import type { ArticleResponse, GenerateResponse, GenerationRequest, StatusResponse, TrackerDeps } from './tracking-types';

/** The tracker's calls against our server (API.md, content service; timeouts of spec §9). */

export const GENERATE_TIMEOUT_MS = 300_000;
export const ARTICLE_TIMEOUT_MS = 120_000;
export const STATUS_TIMEOUT_MS = 30_000;

const path = (value: string) => encodeURIComponent(value);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A start call's JSON answer and its HTTP status (a 402 short balance reads apart from a 429 limit). */
export interface TaskStartAnswer {
  httpStatus: number;
  answer: GenerateResponse;
}

/**
 * A call that starts a tracked task (generate, 一稿多发) answers its error shape (`status:'error',
 * code, error`) instead of throwing (spec §7); only a failure without such an answer throws.
 */
export async function postTaskStart(url: string, body: unknown): Promise<TaskStartAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal: AbortSignal.timeout(GENERATE_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (isRecord(payload) && ('status' in payload || 'code' in payload || 'task_id' in payload)) return { httpStatus: response.status, answer: payload as GenerateResponse };
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}: ${response.statusText}`);
  throw new ApiError(response.status, FORMAT_ERROR_MESSAGE);
}

/** POST /api/v1/articles/generate. */
export async function postGenerate(request: GenerationRequest): Promise<GenerateResponse> {
  return (await postTaskStart('/api/v1/articles/generate', { connection_id: null, ...request })).answer;
}

export function browserTrackerDeps(options: Pick<TrackerDeps, 'toast' | 'log' | 'storage' | 'resultStorage'>): TrackerDeps {
  return {
    ...options,
    openStream: (taskId, lastEventId) => openSseStream(`/api/v1/articles/generate/stream/${path(taskId)}`, lastEventId),
    fetchStatus: (taskId) =>
      apiRequest<StatusResponse>(`/api/v1/articles/${path(taskId)}/status`, { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) }),
    fetchArticle: (articleId, contentType = 'md') =>
      apiRequest<ArticleResponse>(`/api/v1/articles/articles/${path(articleId)}?content_type=${contentType}`, {
        signal: AbortSignal.timeout(ARTICLE_TIMEOUT_MS),
      }),
    startGeneration: postGenerate,
  };
}
