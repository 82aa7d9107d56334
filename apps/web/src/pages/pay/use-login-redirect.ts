import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/toast/toast-context';
import { LOGIN_REDIRECT_MS } from './pay-messages';

/**
 * Shows `message` and goes to /login after LOGIN_REDIRECT_MS; the login page brings the user
 * back here afterwards. The timer dies with the page.
 */
export function useLoginRedirect(): (message: string) => void {
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (message: string) => {
      toast.error(message);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        navigate('/login', { replace: true, state: { from: pathname + search } });
      }, LOGIN_REDIRECT_MS);
    },
    [toast, navigate, pathname, search],
  );
}
