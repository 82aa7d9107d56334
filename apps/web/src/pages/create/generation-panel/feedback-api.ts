import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest, CLIENT_ERROR_CODES } from '../../../lib/api';

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
 * The text shown for a failed submit (spec §8): the error's message, else 提交反馈失败，请重试. Our
 * server's refusals carry a code and a message meant for the user (and no answer at all is a
 * network error, also worded); an answer without a code (a proxy's bare status line, a malformed
 * answer) has no message of its own (decision 058).
 */
export function feedbackErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const worded = error.code !== undefined && error.code !== CLIENT_ERROR_CODES.badResponse;
    return worded && error.message.trim() ? error.message.trim() : FEEDBACK_FAILED_TEXT;
  }
  return (error instanceof Error && error.message.trim()) || FEEDBACK_FAILED_TEXT;
}
