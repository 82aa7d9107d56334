import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { failureMessage } from '../../components/account/failure-message';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api';

/** Spec §9: the success toast is visible for a second before the app moves on. */
export const LOGIN_REDIRECT_MS = 1000;

export type SignIn = (path: string, body: Record<string, unknown>) => Promise<boolean>;

/**
 * Posts one of the sign-in calls. On success: toast 登录成功, re-read the session, and after a
 * second go to `target`. `signedIn` stays true from then on, so the page can tell its own
 * sign-in from a visitor who arrived signed in.
 */
export function useSignIn(target: string): { signIn: SignIn; submitting: boolean; signedIn: boolean } {
  const { refresh } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const signIn = useCallback<SignIn>(
    async (path, body) => {
      setSubmitting(true);
      try {
        await apiRequest(path, { method: 'POST', body });
      } catch (error) {
        toast.error(failureMessage(error, { failed: '登录失败', unreachable: '登录失败，请检查输入' }));
        setSubmitting(false);
        return false;
      }
      // The button keeps reading 登录中... until the page changes, so nobody submits twice.
      setSignedIn(true);
      toast.success('登录成功');
      await refresh();
      timer.current = window.setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_MS);
      return true;
    },
    [refresh, toast, navigate, target],
  );

  return { signIn, submitting, signedIn };
}
