import type { PayPageRequest } from '@tianma/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useToast } from '../../components/toast/toast-context';
import { createPayOrder, type PayOrder } from './pay-api';
import { createFailure, PAY_MESSAGES, type PayFailure } from './pay-messages';
import { useLoginRedirect } from './use-login-redirect';
import { useMounted } from './use-mounted';
import { usePayPolling } from './use-pay-polling';

export type PayState =
  | { phase: 'creating' }
  | { phase: 'pending' | 'paid' | 'closed'; order: PayOrder }
  | { phase: 'failed'; failure: PayFailure };

/**
 * The order of the payment page: created once when the page opens, then polled until it is
 * paid (→ /pricing), closed (→ 重新下单) or the session ends (→ /login).
 */
export function usePayOrder(request: PayPageRequest): { state: PayState; reorder: () => void } {
  const { user, refresh } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const mounted = useMounted();
  const redirectToLogin = useLoginRedirect();
  const [state, setState] = useState<PayState>({ phase: 'creating' });

  const create = useCallback(async () => {
    setState({ phase: 'creating' });
    try {
      const order = await createPayOrder(request);
      if (mounted.current) setState({ phase: 'pending', order });
    } catch (error) {
      if (!mounted.current) return;
      const failure = createFailure(error);
      setState({ phase: 'failed', failure });
      if (failure.needsLogin) redirectToLogin(failure.message);
      else toast.error(failure.message);
    }
  }, [request, mounted, redirectToLogin, toast]);

  const started = useRef(false);
  useEffect(() => {
    // NOTE: a ref instead of an abort on cleanup, so that StrictMode's second effect run does
    // not create a second order.
    if (started.current) return;
    started.current = true;
    void create();
  }, [create]);

  const order = state.phase === 'pending' ? state.order : null;
  usePayPolling(order?.outTradeNo ?? null, {
    deepspaceId: user?.deepspaceId,
    onSettled: async (answer) => {
      if (!order) return;
      if (!answer.paid) {
        setState({ phase: 'closed', order });
        return;
      }
      setState({ phase: 'paid', order });
      // A failed refresh must not hide that the payment went through; the header catches up later.
      await refresh().catch(() => undefined);
      if (!mounted.current) return;
      toast.success(PAY_MESSAGES.paid);
      navigate('/pricing', { replace: true });
    },
    onExpired: () => {
      const failure = { needsLogin: true, message: PAY_MESSAGES.sessionExpired };
      setState({ phase: 'failed', failure });
      redirectToLogin(failure.message);
    },
  });

  return { state, reorder: () => void create() };
}
