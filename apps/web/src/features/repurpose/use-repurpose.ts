import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ToastApi, useToast } from '../../components/toast/toast-context';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useFreshAfterGeneration } from '../../pages/create/use-fresh-after-generation';
import { browserTrackerDeps } from '../generation/browser-deps';
import { isRunningStatus } from '../generation/progress-display';
import { createTracker, initialTrackerState } from '../generation/tracking-machine';
import type { GenerateResponse, Tracker, TrackerDeps, TrackerState } from '../generation/tracking-types';
import type { RepurposePlatform } from './platforms';
import { cancelTask, postRepurpose } from './repurpose-api';

/** What the tracker reads besides the start call; tests script them (generation/tracking-fakes.ts). */
export type FollowDeps = Pick<TrackerDeps, 'openStream' | 'fetchStatus' | 'fetchArticle'>;

export interface Repurpose {
  state: TrackerState;
  /** The platform of the run shown (started or last tried). */
  platform: RepurposePlatform | null;
  /** The start was refused for a short balance (402): the refusal links to the prices. */
  shortBalance: boolean;
  /** The user cancelled this run and the server took it. */
  cancelled: boolean;
  cancelling: boolean;
  start(platform: RepurposePlatform): Promise<boolean>;
  cancel(): Promise<void>;
  /** Back to the choice, with a fresh tracker. */
  reset(): void;
}

/**
 * One 一稿多发 run of `articleId`, followed by the generation tracker (decision 030) on the same
 * stream and status calls as a generation: only the start call differs. No sessionStorage: the
 * creation page's remembered run is its own, and a repurpose closed mid-run lands in my articles.
 */
export function useRepurpose(articleId: string, follow?: FollowDeps): Repurpose {
  const toast = useToast();
  const toastRef = useRef<ToastApi>(toast);
  toastRef.current = toast;
  const queryClient = useQueryClient();
  const [state, setState] = useState<TrackerState>(initialTrackerState);
  const [platform, setPlatform] = useState<RepurposePlatform | null>(null);
  const [shortBalance, setShortBalance] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [round, setRound] = useState(0);
  const trackerRef = useRef<Tracker | null>(null);
  const followRef = useRef(follow);
  // A finished run made an article and charged for it: the list and the balance are read again.
  useFreshAfterGeneration(state.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the signal to rebuild
  useEffect(() => {
    const deps: TrackerDeps = {
      ...browserTrackerDeps({ toast: (kind, message) => toastRef.current[kind](message) }),
      ...followRef.current,
      // The only call that differs from a generation's: the platform rides in the request's settings.
      startGeneration: async (request): Promise<GenerateResponse> => {
        const { httpStatus, answer } = await postRepurpose(articleId, request.settings.platform as RepurposePlatform);
        setShortBalance(httpStatus === 402);
        return answer;
      },
    };
    const tracker = createTracker(deps);
    trackerRef.current = tracker;
    setState(tracker.getState());
    const unsubscribe = tracker.subscribe(setState);
    return () => {
      unsubscribe();
      tracker.dispose();
      if (trackerRef.current === tracker) trackerRef.current = null;
    };
  }, [articleId, round]);

  const start = useCallback(
    async (chosen: RepurposePlatform) => {
      const tracker = trackerRef.current;
      if (!tracker) return false;
      setPlatform(chosen);
      setShortBalance(false);
      setCancelled(false);
      // A generation request in shape only: startGeneration above reads the platform from it.
      const started = await tracker.start({ topic: articleId, advanced_mode: false, deepspaceId: '', settings: { platform: chosen } });
      // The hold was taken from the balance.
      if (started) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return started;
    },
    [articleId, queryClient],
  );

  const cancel = useCallback(async () => {
    const { taskId, status } = trackerRef.current?.getState() ?? state;
    if (!taskId || !isRunningStatus(status)) return;
    setCancelling(true);
    try {
      await cancelTask(taskId);
      setCancelled(true);
      // The hold comes back.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    } catch (error) {
      toastRef.current.error(error instanceof ApiError && error.message ? error.message : REQUEST_FAILED_MESSAGE);
    } finally {
      setCancelling(false);
    }
  }, [state, queryClient]);

  const reset = useCallback(() => {
    setPlatform(null);
    setShortBalance(false);
    setCancelled(false);
    setRound((value) => value + 1);
  }, []);

  return { state, platform, shortBalance, cancelled, cancelling, start, cancel, reset };
}
