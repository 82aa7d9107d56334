import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../../components/toast/toast-context';
import type { AdvancedFormValues } from '../../form-values';
import { fetchKeywordSuggestions, KEYWORDS_FAILED_TEXT, TOPIC_FIRST_TEXT } from './seo-api';
import { useKeywordCooldown } from './use-keyword-cooldown';

export interface KeywordSuggestions {
  suggestions: string[];
  loading: boolean;
  /** Seconds before the next recommendation is allowed. */
  remaining: number;
  recommend: () => void;
  /** Drops the suggestions and forgets any call under way (SEO turned off). */
  clear: () => void;
}

const NONE: string[] = [];

/**
 * The 推荐关键词 button's logic: the topic check, the cooldown, the call (a mutation: each click
 * asks anew and is counted, nothing is cached) and its failure toast.
 */
export function useKeywordSuggestions(values: AdvancedFormValues): KeywordSuggestions {
  const toast = useToast();
  const { remaining, use } = useKeywordCooldown();
  const recommendation = useMutation({ mutationFn: (source: AdvancedFormValues) => fetchKeywordSuggestions(source) });

  const recommend = () => {
    if (!values.topic.trim()) {
      toast.error(TOPIC_FIRST_TEXT);
      return;
    }
    if (recommendation.isPending || remaining > 0) return;
    use();
    // Per-call callbacks: neither runs once the call is forgotten (clear) or the page has gone.
    recommendation.mutate(values, {
      onSuccess: (keywords) => {
        if (keywords.length === 0) toast.error(KEYWORDS_FAILED_TEXT);
      },
      onError: () => toast.error(KEYWORDS_FAILED_TEXT),
    });
  };

  return {
    suggestions: recommendation.data ?? NONE,
    loading: recommendation.isPending,
    remaining,
    recommend,
    clear: recommendation.reset,
  };
}
