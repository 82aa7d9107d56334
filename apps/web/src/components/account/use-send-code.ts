import { useCallback } from 'react';
import { apiRequest } from '../../lib/api';
import { useToast } from '../toast/toast-context';
import { failureMessage } from './failure-message';

export type CodeRequest = { path: string; body: Record<string, unknown> };

/**
 * Sends a verification code with the spec's toasts (验证码已发送 / the server's message, e.g. how
 * long to wait, else 验证码发送失败). Resolves true when the code went out.
 */
export function useSendCode(): (request: CodeRequest) => Promise<boolean> {
  const toast = useToast();
  return useCallback(
    async ({ path, body }) => {
      try {
        await apiRequest(path, { method: 'POST', body });
        toast.success('验证码已发送');
        return true;
      } catch (error) {
        toast.error(failureMessage(error, { failed: '验证码发送失败' }));
        return false;
      }
    },
    [toast],
  );
}
