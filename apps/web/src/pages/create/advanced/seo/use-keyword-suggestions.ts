import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../../components/toast/toast-context';
import { isAbort } from '../../../../lib/api';
import type { AdvancedFormValues } from '../../form-values';
import { fetchKeywordSuggestions, KEYWORDS_FAILED_TEXT, TOPIC_FIRST_TEXT } from './seo-api';
import { useKeywordCooldown } from './use-keyword-cooldown';

export interface KeywordSuggestions {
  suggestions: string[];
  loading: boolean;
  /** Seconds before the next recommendation is allowed. */
  remaining: number;
  recommend: () => void;
  /** Drops the suggestions and any call under way (SEO turned off). */
  clear: () => void;
}

/** The 推荐关键词 button's logic: the topic check, the cooldown, the call and its failure toast. */
export function useKeywordSuggestions(values: AdvancedFormValues): KeywordSuggestions {
  const toast = useToast();
  const { remaining, use } = useKeywordCooldown();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => inFlight.current?.abort(), []);

  const recommend = async () => {
    if (!values.topic.trim()) {
      toast.error(TOPIC_FIRST_TEXT);
      return;
    }
    if (inFlight.current || remaining > 0) return;
    use();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const keywords = await fetchKeywordSuggestions(values, controller.signal);
      if (controller.signal.aborted) return;
      if (keywords.length === 0) toast.error(KEYWORDS_FAILED_TEXT);
      else setSuggestions(keywords);
    } catch (error) {
      if (!isAbort(error) && !controller.signal.aborted) toast.error(KEYWORDS_FAILED_TEXT);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = undefined;
        setLoading(false);
      }
    }
  };

  const clear = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = undefined;
    setLoading(false);
    setSuggestions([]);
  }, []);

  return { suggestions, loading, remaining, recommend: () => void recommend(), clear };
}
