import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isRunningStatus } from '../../features/generation/progress-display';
import type { TrackerStatus } from '../../features/generation/tracking-types';
import { queryKeys } from '../../lib/query-keys';

/**
 * When a run this page followed completes, what it changed is read again: the article list (a new
 * article) and the session (the balance on it). A finished article only shown again after a reload
 * (idle → completed) changed nothing.
 */
export function useFreshAfterGeneration(status: TrackerStatus) {
  const queryClient = useQueryClient();
  const previous = useRef(status);

  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status !== 'completed' || !isRunningStatus(was)) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.articles.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [status, queryClient]);
}
