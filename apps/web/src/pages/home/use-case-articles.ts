import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { SHOWCASE_CASES } from '@tianma/shared';
import { queryKeys } from '../../lib/query-keys';
import { type CaseContent, caseErrorMessage, defaultCaseContent, fetchCaseContent, type ShowcaseCase } from './case-articles';

export type CaseCardState =
  | { status: 'loading' }
  | { status: 'ready'; content: CaseContent }
  | { status: 'failed'; content: CaseContent; error: string };

export interface CaseCardModel {
  showcase: ShowcaseCase;
  state: CaseCardState;
}

function toCards(results: UseQueryResult<CaseContent>[]): CaseCardModel[] {
  return results.map((result, index) => {
    const showcase = SHOWCASE_CASES[index] as ShowcaseCase;
    if (result.data) return { showcase, state: { status: 'ready', content: result.data } };
    if (result.isError) {
      return { showcase, state: { status: 'failed', content: defaultCaseContent(showcase), error: caseErrorMessage(result.error) } };
    }
    return { showcase, state: { status: 'loading' } };
  });
}

/** Loads the four showcase articles in parallel; each card settles on its own. */
export function useCaseArticles(): { cards: CaseCardModel[]; firstError: string | null } {
  const cards = useQueries({
    queries: SHOWCASE_CASES.map((showcase) => ({
      queryKey: queryKeys.caseArticle(showcase.articleId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCaseContent(showcase.articleId, signal),
      // The showcase seldom changes: a visitor coming back to the home page is not asked again soon.
      staleTime: 5 * 60_000,
    })),
    combine: toCards,
  });
  // The first failure in showcase order, so the notice does not depend on which reply came first.
  const failed = cards.find((card) => card.state.status === 'failed')?.state;
  return { cards, firstError: failed?.status === 'failed' ? failed.error : null };
}
