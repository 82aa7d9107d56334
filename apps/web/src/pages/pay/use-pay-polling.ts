import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api';
import { fetchPayStatus, type PayStatusAnswer } from './pay-api';
import { POLL_INTERVAL_MS } from './pay-messages';

export interface PollHandlers {
  deepspaceId: number | undefined;
  /** Paid or closed: polling has stopped. */
  onSettled: (answer: PayStatusAnswer) => void;
  /** 401: the session is gone; polling has stopped. */
  onExpired: () => void;
}

/**
 * Asks for the order's status POLL_INTERVAL_MS after each answer (never two requests at once)
 * while `outTradeNo` is set; stops on paid, closed, 401 and unmount. Other failures are only
 * logged (spec §4).
 */
export function usePayPolling(outTradeNo: string | null, handlers: PollHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!outTradeNo) return;
    const controller = new AbortController();
    let timer: number | undefined;

    const poll = async () => {
      try {
        const answer = await fetchPayStatus(outTradeNo, latest.current.deepspaceId, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.paid || answer.status === 'closed') {
          latest.current.onSettled(answer);
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          latest.current.onExpired();
          return;
        }
        console.warn('支付状态查询失败，将继续查询', error);
      }
      timer = window.setTimeout(poll, POLL_INTERVAL_MS);
    };

    timer = window.setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [outTradeNo]);
}
