import type { RevisionAction, WritingStyle } from '@tianma/shared';
import { ApiError, apiRequest, errorFrom, isAbort, messageOf, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from '../../../lib/api';
import { createSseReader } from './sse-frames';

/** One entry of the menu's list: GET /api/v1/articles/{id}/revisions/actions. */
export interface RevisionActionInfo {
  action: RevisionAction;
  label: string;
  available: boolean;
  reason?: string;
  /** Coins per `charsPerCoin` characters written: 0 for what rules do. */
  price: number;
  charsPerCoin: number;
}

export interface RevisionRequestBody {
  action: RevisionAction;
  selection: { start: number; end: number; text: string };
  options?: { style: WritingStyle };
  context?: { before: string; after: string };
}

export interface RevisionResult {
  revisionId: string;
  text: string;
  cost: number;
}

const base = (articleId: string) => `/api/v1/articles/${encodeURIComponent(articleId)}/revisions`;

export async function fetchRevisionActions(articleId: string, signal?: AbortSignal): Promise<RevisionActionInfo[]> {
  const answer = await apiRequest<{ data?: RevisionActionInfo[] }>(`${base(articleId)}/actions`, { signal });
  return Array.isArray(answer?.data) ? answer.data : [];
}

/** Why a stream failed after it opened: the server's error frame, or a stream that ended without one. */
const STREAM_STATUS = 200;

/**
 * Runs one action: the answer is an SSE stream over the POST response, read here with fetch and a
 * reader. Refusals before the stream (400, 402, 404, 409, 429) are JSON and become ApiError as
 * everywhere (errorFrom); an error frame becomes an ApiError with the frame's code. Aborting the
 * signal closes the stream, which the server takes as a discard.
 */
export async function streamRevision(
  articleId: string,
  body: RevisionRequestBody,
  { signal, onDelta }: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<RevisionResult> {
  let response: Response;
  try {
    response = await fetch(base(articleId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
    throw errorFrom(payload, response.status, messageOf(payload) ?? `HTTP ${response.status}`);
  }

  let result: RevisionResult | null = null;
  let failure: ApiError | null = null;
  const reader = createSseReader((event) => {
    if (event.type === 'delta') onDelta(event.text);
    else if (event.type === 'done') result = { revisionId: event.revisionId, text: event.text, cost: event.cost };
    else failure = new ApiError(STREAM_STATUS, event.message || REQUEST_FAILED_MESSAGE, event.code);
  });
  const stream = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      reader.push(value);
    }
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw new DOMException('aborted', 'AbortError');
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  reader.end();
  if (failure) throw failure;
  if (!result) throw new ApiError(STREAM_STATUS, REQUEST_FAILED_MESSAGE, 'STREAM_ENDED');
  return result;
}
