import { skipToken, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { isAbort } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { fetchPayStatus, type PayStatusAnswer } from './pay-api';
import { isSessionExpired, POLL_INTERVAL_MS } from './pay-messages';

/** A new order (or the open one the server reused) is pending: its first poll is due in POLL_INTERVAL_MS. */
export const PENDING_STATUS: PayStatusAnswer = { paid: false, status: 'pending' };

const isSettled = (answer: PayStatusAnswer | undefined) => answer !== undefined && (answer.paid || answer.status === 'closed');

/**
 * The order's status (queryKeys.payOrder), asked every POLL_INTERVAL_MS while `outTradeNo` is set,
 * never two requests at once, also while the tab is hidden (the sandbox page is paid in another
 * tab). It stops on paid, closed, 401 and unmount. Other failures are only logged and the next
 * poll is the retry (spec §4).
 */
export function usePayStatus(outTradeNo: string | null) {
  const { user } = useAuth();
  const deepspaceId = user?.deepspaceId;
  return useQuery({
    // NOTE: deepspaceId is not part of the key: it only lets the server check that the order is
    // the signed-in user's own, and the page changes user only through /login.
    queryKey: queryKeys.payOrder(outTradeNo ?? ''),
    queryFn: outTradeNo
      ? async ({ signal }) => {
          try {
            return await fetchPayStatus(outTradeNo, deepspaceId, signal);
          } catch (error) {
            if (!isSessionExpired(error) && !isAbort(error)) console.warn('支付状态查询失败，将继续查询', error);
            throw error;
          }
        }
      : skipToken,
    refetchInterval: (query) => (isSettled(query.state.data) || isSessionExpired(query.state.error) ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}
