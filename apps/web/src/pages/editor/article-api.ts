import { ApiError, apiRequest, isAbort, NETWORK_ERROR_MESSAGE } from '../../lib/api';

export function articleTextPath(articleId: string): string {
  return `/api/v1/article/${encodeURIComponent(articleId)}`;
}

/**
 * The article's markdown. The answer is text/plain, so this reads it itself instead of through
 * apiRequest, and words failures the same way: the server's message, else the status line.
 */
export async function fetchArticleText(articleId: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(articleTextPath(articleId), {
      headers: { Accept: 'text/plain' },
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, errorMessage(text) ?? statusLine(response));
  return text;
}

/** Saves the text; `revisionId` names the AI action whose result it contains, for the version's record. */
export async function saveArticleText(articleId: string, content: string, revisionId?: string): Promise<void> {
  await apiRequest(articleTextPath(articleId), { method: 'PUT', body: revisionId ? { content, revisionId } : { content } });
}

/** Over HTTP/2 there is no status text; then the code alone. */
function statusLine(response: Response): string {
  return response.statusText ? `HTTP ${response.status}: ${response.statusText}` : `HTTP ${response.status}`;
}

/** An error answer is JSON with `message`/`msg`/`error` (API.md); anything else has no message for people. */
function errorMessage(body: string): string | undefined {
  try {
    const payload = JSON.parse(body) as unknown;
    if (typeof payload !== 'object' || payload === null) return undefined;
    const record = payload as Record<string, unknown>;
    for (const key of ['message', 'msg', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  } catch {
    // not JSON
  }
  return undefined;
}
