import { isBusinessLimitError } from '@tianma/shared';
import { TRACKING_TEXT } from './tracking-texts';
import type { TrackerState } from './tracking-types';

export function initialTrackerState(): TrackerState {
  return {
    status: 'idle',
    taskId: null,
    articleId: null,
    article: null,
    articleMeta: null,
    error: null,
    details: null,
    draft: null,
    notice: null,
    isConnected: false,
    isMonitoring: false,
    isLoading: false,
    mode: 'closed',
    lastSettings: null,
    businessLimit: false,
    timedOut: false,
  };
}

/** Status error with this text; a limit text raises businessLimit, a timeout text timedOut (spec §8). */
export function errorPatch(state: TrackerState, message: string): Partial<TrackerState> {
  return {
    status: 'error',
    error: message,
    notice: null,
    businessLimit: state.businessLimit || isBusinessLimitError(message),
    timedOut: state.timedOut || message.includes(TRACKING_TEXT.timeoutKeyword),
  };
}
