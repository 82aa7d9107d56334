import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { type ArticleListItem, type ArticlePage, fetchArticlePage } from './my-articles-api';
import { SAMPLE_TOTAL_PAGES, samplePage } from './sample-articles';

export function errorText(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE;
}

/** The pages in order, without repeating an article that moved to the next page meanwhile. */
function flatten(pages: readonly ArticlePage[]): ArticleListItem[] {
  const seen = new Set<number>();
  const items: ArticleListItem[] = [];
  for (const item of pages.flatMap((page) => page.items)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}

/** The query of a user's list, page by page; shared with the mutations that change it. */
export function articlePagesQuery(deepspaceId: number) {
  return {
    queryKey: queryKeys.articles.pages(deepspaceId),
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) => fetchArticlePage(deepspaceId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ArticlePage) => (last.page < last.totalPages ? last.page + 1 : undefined),
  };
}

/**
 * The user's articles, page by page (spec §4, §8). A failed first page falls back to the samples,
 * whose second page then comes from the samples too; a failed later page keeps the real list and
 * says why in a toast, with the 'more' button left to try again.
 */
export function useMyArticles(deepspaceId: number) {
  const toast = useToast();
  const query = useInfiniteQuery(articlePagesQuery(deepspaceId));
  const [samplePages, setSamplePages] = useState(1);
  // Only a first page that never arrived means samples: a later page's failure keeps the list.
  const samples = query.data === undefined && query.isError;
  const last = query.data?.pages.at(-1);

  const items = samples ? Array.from({ length: samplePages }, (_, i) => samplePage(i + 1)).flat() : flatten(query.data?.pages ?? []);
  const page = samples ? samplePages : (last?.page ?? 0);
  const totalPages = samples ? SAMPLE_TOTAL_PAGES : (last?.totalPages ?? 0);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(async () => {
    if (samples) {
      setSamplePages((n) => Math.min(n + 1, SAMPLE_TOTAL_PAGES));
      return;
    }
    if (!hasNextPage || isFetchingNextPage) return;
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) toast.error(errorText(result.error));
  }, [samples, hasNextPage, isFetchingNextPage, fetchNextPage, toast]);

  return {
    /** True until the first page (or the samples) is shown. */
    loading: query.isPending,
    items,
    page,
    totalPages,
    loadingMore: isFetchingNextPage,
    /** The fetch error of the first page; the list then holds the built-in samples. */
    error: samples ? errorText(query.error) : null,
    samples,
    loadMore,
  };
}
