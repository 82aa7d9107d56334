import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchRevisionActions } from './revision-api';

/** The menu's actions with availability and price; the server's answer only changes with its configuration. */
export function useRevisionActions(articleId: string) {
  return useQuery({
    queryKey: queryKeys.articles.revisionActions(articleId),
    queryFn: ({ signal }) => fetchRevisionActions(articleId, signal),
    staleTime: 5 * 60_000,
  });
}
