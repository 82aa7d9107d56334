import { useEffect, useState } from 'react';
import { type IntervalTimers, type ProgressSnapshot, ProgressTicker } from '../../../features/generation/progress-display';

/**
 * The animated percentage of the progress panel: a ProgressTicker (progress-display.ts, the spec's
 * creep and drift rules) fed with the tracker's status, ticking while the component is mounted.
 */
export function useDisplayedProgress(status: string, advanced: boolean, timers?: IntervalTimers): ProgressSnapshot {
  const [ticker] = useState(() => {
    const created = new ProgressTicker({ advanced }, timers);
    created.update(status, advanced);
    return created;
  });
  const [snapshot, setSnapshot] = useState(ticker.current);

  useEffect(() => {
    const unsubscribe = ticker.subscribe(setSnapshot);
    setSnapshot(ticker.current);
    ticker.start();
    return () => {
      unsubscribe();
      ticker.stop();
    };
  }, [ticker]);

  useEffect(() => {
    ticker.update(status, advanced);
  }, [ticker, status, advanced]);

  return snapshot;
}

export const LOADING_DOTS_MS = 500;

/** '.', '..', '...' in turn every 500 ms while active (spec §9); '' when not. */
export function useLoadingDots(active: boolean): string {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (!active) return;
    const handle = setInterval(() => setCount((current) => (current % 3) + 1), LOADING_DOTS_MS);
    return () => clearInterval(handle);
  }, [active]);
  return active ? '.'.repeat(count) : '';
}
