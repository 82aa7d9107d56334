import { CODE_RESEND_SECONDS } from '@tianma/shared';
import { useCallback } from 'react';
import { apiRequest } from '../../lib/api';
import { useToast } from '../toast/toast-context';
import { failureMessage } from './failure-message';

export type CodeRequest = { path: string; body: Record<string, unknown> };

/** The interval the server's answer names (docs/api-additions.md), else the usual minute. */
export function resendSeconds(answer: unknown): number {
  const named = (answer as { resendAfterSeconds?: unknown } | null)?.resendAfterSeconds;
  return typeof named === 'number' && Number.isInteger(named) && named > 0 ? named : CODE_RESEND_SECONDS;
}

/**
 * Sends a verification code with the spec's toasts (验证码已发送 / the server's message, e.g. how
 * long to wait, else 验证码发送失败). Resolves the seconds until another code may be sent, or
 * false when none went out.
 */
export function useSendCode(): (request: CodeRequest) => Promise<number | false> {
  const toast = useToast();
  return useCallback(
    async ({ path, body }) => {
      try {
        const answer = await apiRequest(path, { method: 'POST', body });
        toast.success('验证码已发送');
        return resendSeconds(answer);
      } catch (error) {
        toast.error(failureMessage(error, { failed: '验证码发送失败' }));
        return false;
      }
    },
    [toast],
  );
}
