import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { fetchBillingHistory } from './billing-api';

/**
 * The history from the cache, read when first shown and again once stale; a paid order
 * invalidates queryKeys.billing.all, so a page that shows it reads it afresh.
 */
export function useBillingHistory() {
  return useQuery({ queryKey: queryKeys.billing.history, queryFn: ({ signal }) => fetchBillingHistory(signal) });
}
