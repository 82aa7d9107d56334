import type { Quote } from '@tianma/shared';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { queryKeys } from '../../lib/query-keys';
import { repurposeCoins } from './platforms';
import { fetchRepurposeQuote } from './repurpose-api';

/**
 * The price of one repurpose and the user's balance, in the creation page's quote shape (so its
 * PriceAndBalance shows them): the server's quote when it answers, else the shared rule and the
 * balance on the session. Asked again on every open: the balance is money.
 */
export function useRepurposeQuote(): Quote {
  const { user } = useAuth();
  const quote = useQuery({
    queryKey: queryKeys.quote('repurpose'),
    queryFn: ({ signal }) => fetchRepurposeQuote(signal),
    staleTime: 0,
    retry: false,
  });
  if (quote.data) return { ...quote.data, previous: null };
  const coins = repurposeCoins();
  const balance = user?.userAuth.coinBalance ?? 0;
  return { coins, balance, enough: balance >= coins, previous: null };
}
