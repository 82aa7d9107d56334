import { useCallback, useEffect, useState } from 'react';
import { ApiError, isAbort, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { fetchArticleText } from './article-api';

export type ArticleTextState =
  | { status: 'loading' }
  | { status: 'ready'; content: string }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** Loads the markdown of one article; `retry` loads it again. */
export function useArticleText(articleId: string) {
  const [state, setState] = useState<ArticleTextState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks for another load.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchArticleText(articleId, controller.signal).then(
      (content) => setState({ status: 'ready', content }),
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setState({ status: 'not-found' });
        setState({ status: 'failed', message: error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE });
      },
    );
    return () => controller.abort();
  }, [articleId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
