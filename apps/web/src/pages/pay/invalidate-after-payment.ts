import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * What a paid order changed: the balance and the level (the session) and the billing history.
 * Resolves once the reads on screen have been answered; a failed read does not reject, so it
 * never hides that the payment went through.
 */
export async function invalidateAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  ]);
}
