import { initialTrackerState } from '../../../features/generation/tracker-state';
import type { TrackerState } from '../../../features/generation/tracking-types';

/** A tracker state for panel tests. */
export function trackerState(overrides: Partial<TrackerState> = {}): TrackerState {
  return { ...initialTrackerState(), ...overrides };
}
