import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ApiError, isAbort, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { MY_ARTICLES_PAGE_SIZE } from '@tianma/shared';
import { type ArticleListItem, fetchArticlePage } from './my-articles-api';
import { SAMPLE_TOTAL_PAGES, samplePage } from './sample-articles';

export interface MyArticlesState {
  /** True until the first page (or the samples) is shown. */
  loading: boolean;
  items: ArticleListItem[];
  page: number;
  totalPages: number;
  loadingMore: boolean;
  /** The fetch error of the first page; the list then holds the built-in samples. */
  error: string | null;
}

const INITIAL: MyArticlesState = { loading: true, items: [], page: 0, totalPages: 0, loadingMore: false, error: null };

export function errorText(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE;
}

/** Appends without repeating an article that moved to the next page meanwhile. */
function append(items: ArticleListItem[], more: ArticleListItem[]): ArticleListItem[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...more.filter((item) => !seen.has(item.id))];
}

/**
 * The user's articles, page by page (spec §4, §8). A failed first page falls back to the samples,
 * whose second page then comes from the samples too; a failed later page keeps the real list and
 * says why in a toast, with the 'more' button left to try again.
 */
export function useMyArticles(deepspaceId: number) {
  const toast = useToast();
  const [state, setState] = useState<MyArticlesState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState(INITIAL);
    fetchArticlePage(deepspaceId, 1, controller.signal).then(
      (first) =>
        setState({ loading: false, items: first.items, page: first.page, totalPages: first.totalPages, loadingMore: false, error: null }),
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        setState({ loading: false, items: samplePage(1), page: 1, totalPages: SAMPLE_TOTAL_PAGES, loadingMore: false, error: errorText(error) });
      },
    );
    return () => controller.abort();
  }, [deepspaceId]);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.loading || current.loadingMore || current.page >= current.totalPages) return;
    if (current.error !== null) {
      const nextSample = current.page + 1;
      setState((s) => ({ ...s, items: append(s.items, samplePage(nextSample)), page: nextSample }));
      return;
    }
    // The page that holds the first article not shown yet: after a delete, the server's pages
    // have moved up by one, and `append` drops what is already on screen.
    const next = Math.floor(current.items.length / MY_ARTICLES_PAGE_SIZE) + 1;
    setState((s) => ({ ...s, loadingMore: true }));
    const signal = controllerRef.current?.signal;
    try {
      const more = await fetchArticlePage(deepspaceId, next, signal);
      setState((s) => ({ ...s, items: append(s.items, more.items), page: more.page, totalPages: more.totalPages, loadingMore: false }));
    } catch (error) {
      if (isAbort(error) || signal?.aborted) return;
      setState((s) => ({ ...s, loadingMore: false }));
      toast.error(errorText(error));
    }
  }, [deepspaceId, toast]);

  const remove = useCallback((articleId: string) => {
    setState((s) => ({ ...s, items: s.items.filter((item) => item.articleId !== articleId) }));
  }, []);

  const update = useCallback((articleId: string, patch: Partial<ArticleListItem>) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (item.articleId === articleId ? { ...item, ...patch } : item)) }));
  }, []);

  return { ...state, samples: state.error !== null, loadMore, remove, update };
}
