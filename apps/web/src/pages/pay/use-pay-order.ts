import type { PayPageRequest } from '@tianma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toast/toast-context';
import { queryKeys } from '../../lib/query-keys';
import { invalidateAfterPayment } from './invalidate-after-payment';
import { createPayOrder, type PayOrder } from './pay-api';
import { createFailure, isSessionExpired, PAY_MESSAGES, type PayFailure } from './pay-messages';
import { useLoginRedirect } from './use-login-redirect';
import { PENDING_STATUS, usePayStatus } from './use-pay-polling';

export type PayState =
  | { phase: 'creating' }
  | { phase: 'pending' | 'paid' | 'closed'; order: PayOrder }
  | { phase: 'failed'; failure: PayFailure };

const SESSION_EXPIRED: PayFailure = { needsLogin: true, message: PAY_MESSAGES.sessionExpired };

/**
 * The order of the payment page: created once when the page opens (the server hands back the
 * open order of the same plan and amount if there is one), then polled until it is paid
 * (→ the session and the billing history are read again, → /pricing), closed (→ 重新下单) or
 * the session ends (→ /login).
 */
export function usePayOrder(request: PayPageRequest): { state: PayState; reorder: () => void } {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const redirectToLogin = useLoginRedirect();

  const creation = useMutation({
    mutationFn: createPayOrder,
    onSuccess: (order) => queryClient.setQueryData(queryKeys.payOrder(order.outTradeNo), PENDING_STATUS),
  });
  const { mutate } = creation;
  const create = useCallback(() => {
    // Per-call callbacks run only while the page is still there.
    mutate(request, {
      onError: (error) => {
        const failure = createFailure(error);
        if (failure.needsLogin) redirectToLogin(failure.message);
        else toast.error(failure.message);
      },
    });
  }, [mutate, request, redirectToLogin, toast]);

  const started = useRef(false);
  useEffect(() => {
    // NOTE: a ref, so that StrictMode's second effect run does not create a second order.
    if (started.current) return;
    started.current = true;
    create();
  }, [create]);

  const order = creation.data ?? null;
  const status = usePayStatus(order?.outTradeNo ?? null);
  const expired = order !== null && isSessionExpired(status.error);

  let state: PayState;
  if (creation.isError) state = { phase: 'failed', failure: createFailure(creation.error) };
  else if (!order) state = { phase: 'creating' };
  else if (expired) state = { phase: 'failed', failure: SESSION_EXPIRED };
  else state = { phase: status.data?.paid ? 'paid' : status.data?.status === 'closed' ? 'closed' : 'pending', order };

  useEffect(() => {
    if (expired) redirectToLogin(SESSION_EXPIRED.message);
  }, [expired, redirectToLogin]);

  const paidOrder = state.phase === 'paid' ? state.order.outTradeNo : null;
  useEffect(() => {
    if (!paidOrder) return;
    let active = true;
    void invalidateAfterPayment(queryClient).then(() => {
      if (!active) return;
      toast.success(PAY_MESSAGES.paid);
      navigate('/pricing', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [paidOrder, queryClient, toast, navigate]);

  return { state, reorder: create };
}
