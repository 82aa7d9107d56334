import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import { type BillingHistoryData, fetchBillingHistory } from './billing-api';

export type BillingHistoryState = { status: 'loading' } | { status: 'ready'; data: BillingHistoryData } | { status: 'error'; message: string };

/** Loads the history when mounted; `retry` loads it again. A newer load cancels an older one. */
export function useBillingHistory(): { state: BillingHistoryState; retry: () => void } {
  const [state, setState] = useState<BillingHistoryState>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    fetchBillingHistory(current.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE });
      });
  }, []);

  useEffect(() => {
    load();
    return () => controller.current?.abort();
  }, [load]);

  return { state, retry: load };
}
