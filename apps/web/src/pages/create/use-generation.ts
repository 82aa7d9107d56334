import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { AuthContext } from '../../auth/auth-context';
import { type ToastApi, useToast } from '../../components/toast/toast-context';
import { browserTrackerDeps } from '../../features/generation/browser-deps';
import { isRunningStatus } from '../../features/generation/progress-display';
import { forgetLastResult, lastResult } from '../../features/generation/last-result';
import { forgetRunningTask, runningTask } from '../../features/generation/running-task';
import { StepPlayback } from '../../features/generation/step-playback';
import { createTracker, initialTrackerState } from '../../features/generation/tracking-machine';
import type { GenerationRequest, TaskStorage, Tracker, TrackerDeps, TrackerState } from '../../features/generation/tracking-types';
import { useFreshAfterGeneration } from './use-fresh-after-generation';

/** The page's hold on the tracking machine (decision 030): one tracker per page visit. */

export type MakeTracker = (options: { toast: TrackerDeps['toast']; storage?: TaskStorage; resultStorage?: TaskStorage }) => Tracker;

const browserTracker: MakeTracker = (options) => createTracker(browserTrackerDeps(options));

function browserSessionStorage(): TaskStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Where the last finished article is kept: it outlives the tab (last-result.ts). */
function browserLocalStorage(): TaskStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export interface Generation {
  state: TrackerState;
  start(request: GenerationRequest): Promise<boolean>;
  regenerate(): Promise<boolean>;
  refetch(): Promise<void>;
  /** Back to the idle form: the tracker is dropped and a fresh one takes its place. */
  reset(): void;
}

/**
 * Creates the tracker on mount (its state reaches the page through the step playback), resumes a
 * running task remembered in sessionStorage (a reload mid-run), and disposes it on unmount; dispose
 * keeps that record, so leaving mid-run can be resumed too.
 */
export function useGeneration(makeTracker: MakeTracker = browserTracker): Generation {
  const toast = useToast();
  const toastRef = useRef<ToastApi>(toast);
  toastRef.current = toast;
  const makeRef = useRef(makeTracker);
  // Whose last result may show: a record another account left in this browser is dropped unseen.
  const deepspaceId = useContext(AuthContext)?.user?.deepspaceId;
  const ownerRef = useRef<string | null>(null);
  ownerRef.current = deepspaceId === null || deepspaceId === undefined ? null : String(deepspaceId);
  const trackerRef = useRef<Tracker | null>(null);
  const [state, setState] = useState<TrackerState>(initialTrackerState);
  /** Bumped by reset: the effect below then swaps in a fresh tracker. */
  const [round, setRound] = useState(0);
  useFreshAfterGeneration(state.status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the signal to rebuild
  useEffect(() => {
    const storage = browserSessionStorage();
    const resultStorage = browserLocalStorage();
    const tracker = makeRef.current({ toast: (kind, message) => toastRef.current[kind](message), storage, resultStorage });
    trackerRef.current = tracker;
    // The page shows the tracker's state through the step playback: a fast task's steps in order,
    // each long enough to read, before the article (decision 055).
    const playback = new StepPlayback(tracker.getState(), setState);
    const unsubscribe = tracker.subscribe((next) => playback.push(next));
    setState(tracker.getState());
    const task = storage ? runningTask(storage) : null;
    const finished = resultStorage ? lastResult(resultStorage) : null;
    const owner = finished?.settings?.deepspaceId;
    const mine = owner === undefined || owner === null || ownerRef.current === null || String(owner) === ownerRef.current;
    if (task) tracker.resume(task.taskId, { articleId: task.articleId, settings: task.settings });
    // No run under way: the last finished article shows again until the user starts another.
    else if (finished && mine) tracker.restore(finished);
    else if (finished && resultStorage) forgetLastResult(resultStorage);
    return () => {
      unsubscribe();
      playback.dispose();
      tracker.dispose();
      if (trackerRef.current === tracker) trackerRef.current = null;
    };
  }, [round]);

  const start = useCallback(async (request: GenerationRequest) => (trackerRef.current ? trackerRef.current.start(request) : false), []);
  const regenerate = useCallback(async () => (trackerRef.current ? trackerRef.current.regenerate() : false), []);
  const refetch = useCallback(async () => {
    await trackerRef.current?.refetchArticle();
  }, []);
  const reset = useCallback(() => {
    // The user leaves this run: a reload must not bring it back.
    const storage = browserSessionStorage();
    if (storage) forgetRunningTask(storage);
    const resultStorage = browserLocalStorage();
    if (resultStorage) forgetLastResult(resultStorage);
    setRound((value) => value + 1);
  }, []);

  return { state, start, regenerate, refetch, reset };
}

/** What the forms need to know of the tracker state. */
export function generationFlags(state: TrackerState) {
  const generating = state.isLoading || isRunningStatus(state.status);
  return {
    generating,
    /** A business-limit error stands until the next start or a reset (spec §5). */
    limited: state.businessLimit,
    /** Forms are locked unless idle, completed or error (spec §2). */
    locked: isRunningStatus(state.status),
  };
}
