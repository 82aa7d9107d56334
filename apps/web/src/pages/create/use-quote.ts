import { type Quote, quoteResponseSchema } from '@tianma/shared';
import { useEffect, useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api';

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

/** The quote's body: the topic only when there is one, trimmed. */
function quoteBody(input: QuoteInput): QuoteInput {
  const topic = input.topic?.trim();
  return topic ? { ...input, topic } : { advanced_mode: input.advanced_mode, settings: input.settings };
}

/**
 * This article's price and the user's balance from the server (POST /api/v1/articles/quote),
 * asked again when the settings change (debounced), when a run starts or ends (`round`), and when
 * the tab comes back into view (a top-up in another tab). Null until the first answer; a failed
 * quote keeps the last answer (the price is the same for every article, and the server still
 * decides at the start), so the price line never flickers away while the user types. The topic is
 * sent too (debounced like the settings): `previous` is kept only while it answers the topic now
 * typed, so a note about earlier versions never stays under another topic.
 */
export function useQuote(input: QuoteInput | null, round: unknown): Quote | null {
  const [answer, setAnswer] = useState<{ quote: Quote; topic: string | undefined } | null>(null);
  const [visits, setVisits] = useState(0);
  const body = input ? quoteBody(input) : null;
  const key = body ? JSON.stringify(body) : null;
  const topic = body?.topic;

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setVisits((value) => value + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round and visits are signals to ask again
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const sent = JSON.parse(key) as QuoteInput;
      apiRequest(QUOTE_PATH, { method: 'POST', body: sent, schema: quoteResponseSchema, signal: controller.signal })
        .then((answered) => setAnswer({ quote: answered.data, topic: sent.topic }))
        // An abort is a newer quote on its way; any other failure keeps the last answer.
        .catch(() => undefined);
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, round, visits]);

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
