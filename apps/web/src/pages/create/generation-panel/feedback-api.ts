import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, REQUEST_FAILED_MESSAGE } from '../../../lib/api';

/** POST /api/v1/feedback (API.md; spec §3 Feedback). */

export type FeedbackType = 'like' | 'dislike';

export interface FeedbackInput {
  type: FeedbackType;
  content: string;
  articleId?: string | null;
}

export interface FeedbackResponse {
  success: boolean;
  message?: string;
}

export const FEEDBACK_FAILED_TEXT = '提交反馈失败，请重试';
export const FEEDBACK_THANKS_TEXT = '感谢您的反馈';

/** Rejects with an ApiError (the server's message) when the call or the answer fails. */
export function submitFeedback({ type, content, articleId }: FeedbackInput, now: Date = new Date()): Promise<FeedbackResponse> {
  return apiRequest<FeedbackResponse>('/api/v1/feedback', {
    method: 'POST',
    body: { type, content, timestamp: now.toISOString(), articleId: articleId || undefined },
  });
}

/**
 * Sends a feedback as a mutation: `isPending` while it is sent, `mutate(input, { onSuccess, onError })`
 * or `mutateAsync(input)`; never retried (a retry could post the same feedback twice).
 */
export function useSubmitFeedback() {
  return useMutation({ mutationFn: (input: FeedbackInput) => submitFeedback(input) });
}

/**
 * The text shown for a failed submit (spec §8): the error's message, else 提交反馈失败，请重试. An
 * answer that carried no message of its own (a bare status line, success:false alone) counts as none.
 */
export function feedbackErrorText(error: unknown): string {
  if (!(error instanceof Error)) return FEEDBACK_FAILED_TEXT;
  const message = error.message.trim();
  if (!message) return FEEDBACK_FAILED_TEXT;
  if (error instanceof ApiError && (message === REQUEST_FAILED_MESSAGE || /^HTTP \d{3}\b/.test(message))) return FEEDBACK_FAILED_TEXT;
  return message;
}
