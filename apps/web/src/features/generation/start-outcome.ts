import { BUSINESS_LIMIT_CODE, isBusinessLimitError } from '@tianma/shared';
import type { ToastKind } from '../../components/toast/toast-context';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { TRACKING_TEXT } from './tracking-texts';
import type { GenerateResponse } from './tracking-types';

/** How the start call's answer or failure reads (content-creation §8, generation start). */

export type StartOutcome =
  | { kind: 'started'; taskId: string; articleId: string | null }
  /** Code 1006: a business limit; tracking still starts when a task id came along. */
  | { kind: 'limited'; message: string; taskId: string | null; articleId: string | null }
  | { kind: 'failed'; message: string; toast: { kind: ToastKind; message: string } };

export function nonEmpty(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function isErrorAnswer(response: GenerateResponse): boolean {
  if (response.status === 'error') return true;
  return response.code !== undefined && response.code !== null && Number(response.code) !== 0;
}

export function readStartResponse(response: GenerateResponse | null | undefined): StartOutcome {
  const answer = response ?? {};
  if (isErrorAnswer(answer)) {
    if (Number(answer.code) === BUSINESS_LIMIT_CODE) {
      return {
        kind: 'limited',
        message: nonEmpty(answer.message) ?? nonEmpty(answer.error) ?? TRACKING_TEXT.businessLimitFallback,
        taskId: nonEmpty(answer.task_id) ?? null,
        articleId: nonEmpty(answer.article_id) ?? null,
      };
    }
    const message = nonEmpty(answer.error) ?? nonEmpty(answer.message) ?? TRACKING_TEXT.generateFailed;
    return { kind: 'failed', message, toast: { kind: 'error', message } };
  }
  const taskId = nonEmpty(answer.task_id);
  if (!taskId) return startFailure(new Error(TRACKING_TEXT.missingTaskId));
  return { kind: 'started', taskId, articleId: nonEmpty(answer.article_id) ?? null };
}

/**
 * A thrown start call: no answer at all reads as blocked, a business limit gets the limit toast.
 * Our server's refusals are told by their codes; the spec's CORS/Network Error and limit-keyword
 * texts only for failures that carry none (decision 058).
 */
export function startFailure(error: unknown): Extract<StartOutcome, { kind: 'failed' }> {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  let message = raw.trim() || TRACKING_TEXT.generateFailed;
  const coded = error instanceof ApiError;
  const blocked = coded ? error.code === CLIENT_ERROR_CODES.network : message.includes('CORS') || message.includes('Network Error');
  if (blocked) message = TRACKING_TEXT.requestBlocked;
  const limited = coded ? error.businessCode === BUSINESS_LIMIT_CODE : isBusinessLimitError(message);
  if (limited) return { kind: 'failed', message, toast: { kind: 'info', message: TRACKING_TEXT.limitCaught } };
  return { kind: 'failed', message, toast: { kind: 'error', message } };
}
