import { type QueryCache, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOWCASE_CASES } from '@tianma/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { type CaseContent, caseErrorMessage, defaultCaseContent, fetchCaseContent, type ShowcaseCase } from './case-articles';

export type CaseCardState =
  | { status: 'loading' }
  | { status: 'ready'; content: CaseContent }
  | { status: 'failed'; content: CaseContent; error: string };

/** One showcase card's article; the four load in parallel and each card settles on its own. */
export function useCaseArticle(showcase: ShowcaseCase): CaseCardState {
  const query = useQuery({
    queryKey: queryKeys.caseArticle(showcase.articleId),
    queryFn: ({ signal }) => fetchCaseContent(showcase.articleId, signal),
    // The showcase seldom changes: a visitor coming back to the home page is not asked again soon.
    staleTime: 5 * 60_000,
  });
  if (query.data) return { status: 'ready', content: query.data };
  if (query.isError) return { status: 'failed', content: defaultCaseContent(showcase), error: caseErrorMessage(query.error) };
  return { status: 'loading' };
}

/** The first card that fell back to its defaults, in showcase order, so the notice does not depend on which reply came first. */
function firstCaseError(cache: QueryCache): string | null {
  for (const showcase of SHOWCASE_CASES) {
    const state = cache.find<CaseContent>({ queryKey: queryKeys.caseArticle(showcase.articleId), exact: true })?.state;
    if (state?.status === 'error' && state.data === undefined) return caseErrorMessage(state.error);
  }
  return null;
}

/**
 * The notice's reason, read from the cache the cards fill.
 * NOTE: not useQueries: its observer would add about 1 kB gzip to the home page's entry chunk.
 */
export function useFirstCaseError(): string | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, () => firstCaseError(cache));
}
