import { type Quote, quoteResponseSchema } from '@tianma/shared';
import { keepPreviousData, type QueryClient, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useSettledValue } from './use-settled-value';

export const QUOTE_PATH = '/api/v1/articles/quote';
/** Settings change on every key and slider step; one quote once they rest. */
export const QUOTE_DEBOUNCE_MS = 400;

/** What the quote call needs of a generate request (decision 053). */
export interface QuoteInput {
  advanced_mode: boolean;
  settings: Record<string, unknown>;
  /** The topic as typed: the answer's `previous` then says whether the user wrote on it before (decision 057). */
  topic?: string;
}

/** A quote and the topic it was asked for. */
interface QuoteAnswer {
  quote: Quote;
  topic: string | undefined;
}

/** The quote's body: the topic only when there is one, trimmed. */
function quoteBody(input: QuoteInput): QuoteInput {
  const topic = input.topic?.trim();
  return topic ? { ...input, topic } : { advanced_mode: input.advanced_mode, settings: input.settings };
}

async function fetchQuote(body: QuoteInput, signal: AbortSignal): Promise<QuoteAnswer> {
  const answer = await apiRequest(QUOTE_PATH, { method: 'POST', body, schema: quoteResponseSchema, signal });
  return { quote: answer.data, topic: body.topic };
}

/** The newest quote in the cache, whatever it was asked for: the price is the same for every article. */
function newestQuote(queryClient: QueryClient): QuoteAnswer | undefined {
  const answered = queryClient.getQueryCache().findAll({ queryKey: queryKeys.quotes, predicate: (query) => query.state.data !== undefined });
  answered.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return answered[0]?.state.data as QuoteAnswer | undefined;
}

/**
 * This article's price and the user's balance from the server (POST /api/v1/articles/quote),
 * a query keyed by the request once the settings rest (debounced), read again when a run starts
 * or ends (`round`), when the page is opened again and when the tab comes back into view (a
 * top-up in another tab). Null until the first answer; while the next quote is asked, and when it
 * fails, the last answer stays (the server still decides at the start), so the price line never
 * flickers away while the user types. The topic is sent too: `previous` is kept only while it
 * answers the topic now typed, so a note about earlier versions never stays under another topic.
 */
export function useQuote(input: QuoteInput | null, round: unknown): Quote | null {
  const queryClient = useQueryClient();
  const body = input ? quoteBody(input) : null;
  const settled = useSettledValue(body ? JSON.stringify(body) : null, QUOTE_DEBOUNCE_MS);
  const request = useMemo(() => (settled ? (JSON.parse(settled) as QuoteInput) : null), [settled]);
  const quote = useQuery({
    queryKey: queryKeys.quote(request),
    queryFn: request ? ({ signal }) => fetchQuote(request, signal) : skipToken,
    placeholderData: keepPreviousData,
    // The balance is money: never shown from the cache without asking again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  // A run starting (the hold) or ending (the charge or the refund) changes the balance.
  const lastRound = useRef(round);
  useEffect(() => {
    if (Object.is(lastRound.current, round)) return;
    lastRound.current = round;
    void queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
  }, [round, queryClient]);

  const answer = quote.data ?? (quote.isError ? newestQuote(queryClient) : undefined);
  const topic = body?.topic;
  return useMemo(() => {
    if (!answer) return null;
    if (answer.topic === topic) return answer.quote;
    return { ...answer.quote, previous: null };
  }, [answer, topic]);
}

/** The refusal shown while the balance does not cover this article (contains 余额不足; decision 053). */
export function shortBalanceMessage(quote: Quote): string {
  return `余额不足：本篇文章需要 ${quote.coins} 币，当前余额 ${quote.balance} 币，请先充值`;
}
