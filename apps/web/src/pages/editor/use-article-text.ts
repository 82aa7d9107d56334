import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { fetchArticleText } from './article-api';

export type ArticleTextState =
  | { status: 'loading' }
  | { status: 'ready'; content: string }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** The markdown of one article, as the editor and the share button read it. */
export function articleTextQuery(articleId: string) {
  return {
    queryKey: queryKeys.articles.text(articleId),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchArticleText(articleId, signal),
  };
}

function stateOf({ data, error, isError, isFetching }: UseQueryResult<string>): ArticleTextState {
  // What was read stays on screen even if a later read in the background fails.
  if (data !== undefined) return { status: 'ready', content: data };
  if (!isError || isFetching) return { status: 'loading' };
  if (error instanceof ApiError && error.status === 404) return { status: 'not-found' };
  return { status: 'failed', message: error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE };
}

/** Loads the markdown of one article; `retry` loads it again. */
export function useArticleText(articleId: string) {
  const query = useQuery(articleTextQuery(articleId));
  const retry = () => void query.refetch();
  return { state: stateOf(query), retry };
}
