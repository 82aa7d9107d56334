import { isRunningStatus } from './progress-display';
import type { ProgressDetails, TrackerState } from './tracking-types';

/**
 * Step playback (decision 055): what the page shows of the tracker's state when steps arrive
 * faster than a person can read them. Each step of a run stays on screen at least
 * STEP_MIN_SHOW_MS; steps that arrive sooner wait their turn, in order, and `completed` (the
 * article) comes after the last of them. A step that arrives after the one before has been shown
 * long enough is shown at once, so a slow task is shown live. An error, idle and whatever follows
 * a state that is not a run's step (a new run, a restored article) are shown at once and drop what
 * was waiting. The tracker and the server are not held up: only the display lags, by at most
 * STEP_MIN_SHOW_MS per step.
 */

export const STEP_MIN_SHOW_MS = 500;

export interface PlaybackTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const browserTimers: PlaybackTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

interface Waiting {
  status: string;
  details: ProgressDetails | null;
}

/** A run's step or its completion: what plays back. Idle and error do not wait. */
function plays(status: string): boolean {
  return isRunningStatus(status) || status === 'completed';
}

export class StepPlayback {
  /** The latest state of the tracker. */
  private real: TrackerState;
  /**
   * The step on screen while playback lags, null when the screen shows the real state. Set exactly
   * when steps are waiting; the last waiting step is always the real one.
   */
  private held: Waiting | null = null;
  private readonly waiting: Waiting[] = [];
  private shownSince: number;
  private timer: unknown = null;
  private shown: TrackerState;

  constructor(
    initial: TrackerState,
    private readonly onShow: (state: TrackerState) => void,
    private readonly timers: PlaybackTimers = browserTimers,
    private readonly minShowMs = STEP_MIN_SHOW_MS,
  ) {
    this.real = initial;
    this.shown = initial;
    this.shownSince = timers.now();
  }

  /** What the page shows now. */
  get current(): TrackerState {
    return this.shown;
  }

  /** The steps waiting to be shown (tests). */
  get backlog(): readonly string[] {
    return this.waiting.map((entry) => entry.status);
  }

  /** Feeds every state the tracker publishes, in order. */
  push(state: TrackerState): void {
    const before = this.held ? (this.waiting.at(-1) as Waiting).status : this.real.status;
    const onScreen = this.held?.status ?? this.real.status;
    const previousDetails = this.real.details;
    this.real = state;
    const { status } = state;
    if (plays(status) && status === before) {
      // The same step again (fresh details), or another field changed (the article, a notice).
      const last = this.waiting.at(-1);
      if (last) last.details = state.details;
      this.show(false);
      return;
    }
    if (!plays(status) || !isRunningStatus(before)) {
      // Idle, an error, or anything after a state that is not a run's step (the first step of a
      // new run, a restored article): at once, dropping what waited.
      this.flush();
      this.show(status !== onScreen);
      return;
    }
    if (!this.held && this.timers.now() - this.shownSince >= this.minShowMs) {
      // The step before has been read: live.
      this.show(true);
      return;
    }
    if (!this.held) this.held = { status: onScreen, details: previousDetails };
    this.waiting.push({ status, details: state.details });
    this.schedule();
    this.show(false);
  }

  dispose(): void {
    this.flush();
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.shownSince + this.minShowMs - this.timers.now());
    this.timer = this.timers.setTimeout(() => this.advance(), wait);
  }

  private advance(): void {
    this.timer = null;
    const next = this.waiting.shift();
    if (!next) return;
    // The last waiting step is the real one: then the screen has caught up.
    this.held = this.waiting.length > 0 ? next : null;
    this.show(true);
    if (this.waiting.length > 0) this.schedule();
  }

  private flush(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.waiting.length = 0;
    this.held = null;
  }

  /** Publishes the real state, with the held step and its details while playback lags. */
  private show(newStep: boolean): void {
    if (newStep) this.shownSince = this.timers.now();
    const held = this.held;
    this.shown = held ? { ...this.real, status: held.status, details: held.details } : this.real;
    this.onShow(this.shown);
  }
}
