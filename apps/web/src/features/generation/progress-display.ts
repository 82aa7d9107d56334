import {
  ERROR_STEP_TEXT,
  GENERATION_STEPS,
  IDLE_STEP_TEXT,
  STANDARD_STEPS,
  ADVANCED_STEPS,
  type StepPercent,
  stepLabel,
  stepListFor,
  stepPercent,
  UNKNOWN_STEP_TEXT,
} from '@tianma/shared';

/** Display rules of the progress panel (content-creation §2 and §9). */

export const PROGRESS_TICK_MS = 50;
export const PROGRESS_CREEP_SHARE = 0.05;
export const PROGRESS_MIN_STEP = 0.1;
export const PROGRESS_DRIFT_MS = 500;
export const PROGRESS_DRIFT_STEP = 0.1;

const KNOWN_STEPS: ReadonlySet<string> = new Set(GENERATION_STEPS);

function flow(advanced: boolean): readonly StepPercent[] {
  return advanced ? ADVANCED_STEPS : STANDARD_STEPS;
}

/** Kills float noise from repeated 0.1 additions (0.30000000000000004 → 0.3). */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function isFinalStatus(status: string): boolean {
  return status === 'completed' || status === 'error';
}

/** A step of a run under way: anything but idle, completed and error, unknown names included. */
export function isRunningStatus(status: string): boolean {
  return status !== 'idle' && !isFinalStatus(status);
}

/**
 * The percent a stage creeps towards: 0 idle, 100 completed, the flow's table otherwise.
 * null where the step moves nothing (error, a name the flow does not list): hold the last target.
 */
export function targetPercent(step: string, advanced: boolean): number | null {
  if (step === 'idle') return 0;
  return stepPercent(step, advanced) ?? null;
}

/**
 * The highest value shown while at `step`: one below the next stage's target (the next entry of the
 * flow with a greater percent, so the two 45 % steps of the advanced flow share one ceiling), 100 at
 * completed, 0 idle; null where the step moves nothing.
 */
export function ceilingPercent(step: string, advanced: boolean): number | null {
  if (step === 'idle') return 0;
  if (step === 'completed') return 100;
  const steps = flow(advanced);
  const index = steps.findIndex((entry) => entry.step === step);
  const current = steps[index];
  if (!current) return null;
  const next = steps.slice(index + 1).find((entry) => entry.percent > current.percent);
  return next ? next.percent - 1 : 100;
}

/** One 50 ms tick: 5 % of the gap to the target (at least 0.1), never past the target or the ceiling, never down. */
export function nextDisplayed(current: number, target: number, ceiling: number): number {
  const goal = Math.min(target, ceiling);
  if (current >= goal) return current;
  const step = Math.max((goal - current) * PROGRESS_CREEP_SHARE, PROGRESS_MIN_STEP);
  return tidy(Math.min(current + step, goal));
}

/** One 500 ms drift while running: +0.1, never past the ceiling, never down. */
export function drift(current: number, ceiling: number): number {
  if (current >= ceiling) return current;
  return tidy(Math.min(current + PROGRESS_DRIFT_STEP, ceiling));
}

/** The whole number the circle shows. */
export function shownPercent(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

export function headerLabel(status: string): string {
  if (status === 'completed') return '任务已完成';
  if (status === 'error') return '出现错误，请重试';
  if (status === 'idle') return '等待开始...';
  return 'AI 系统工作中';
}

/** The current step text: the stage label; 正在处理中... for unknown names; the error and idle texts. */
export function stepText(step: string): string {
  if (step === 'idle') return IDLE_STEP_TEXT;
  if (step === 'error') return ERROR_STEP_TEXT;
  if (!KNOWN_STEPS.has(step)) return UNKNOWN_STEP_TEXT;
  return stepLabel(step);
}

export type VisibleStepState = 'done' | 'current' | 'upcoming';

export interface VisibleStep {
  step: string;
  label: string;
  percent: number;
  state: VisibleStepState;
}

/**
 * The step list: done steps (checked), the current one and one upcoming, one line per stage label
 * (stepListFor: the advanced flow's two 45 % steps are one line, 智能章节生成). Idle shows the first
 * step as upcoming; completed shows every line done. A step the flow does not list (error, unknown)
 * shows nothing: pass the last step the flow knows (ProgressTicker.lastStep) to keep the list in place.
 */
export function visibleSteps(step: string, advanced: boolean): VisibleStep[] {
  const lines = stepListFor(advanced);
  const entry = (item: (typeof lines)[number], state: VisibleStepState): VisibleStep => ({
    step: item.step,
    label: item.label,
    percent: item.percent,
    state,
  });
  if (step === 'idle') return lines.slice(0, 1).map((item) => entry(item, 'upcoming'));
  if (step === 'completed') return lines.map((item) => entry(item, 'done'));
  const index = lines.findIndex((item) => (item.steps as readonly string[]).includes(step));
  if (index < 0) return [];
  return lines
    .slice(0, index + 2)
    .map((item, position) => entry(item, position < index ? 'done' : position === index ? 'current' : 'upcoming'));
}

export interface IntervalTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const defaultIntervals: IntervalTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface ProgressSnapshot {
  /** The displayed value, fractional; shownPercent() rounds it for the circle. */
  value: number;
  step: string;
  /** The last step the flow lists, for visibleSteps() while the status is error or unknown. */
  lastStep: string;
  advanced: boolean;
}

/**
 * The animated percentage: a 50 ms creep towards the stage target and a 500 ms drift while running,
 * both capped one point below the next stage. Framework-free; a hook subscribes and calls update().
 */
export class ProgressTicker {
  private value = 0;
  private step = 'idle';
  private lastStep = 'idle';
  private advanced: boolean;
  private target = 0;
  private ceiling = 0;
  private creepHandle: unknown = null;
  private driftHandle: unknown = null;
  private snapshot: ProgressSnapshot;
  private readonly listeners = new Set<(snapshot: ProgressSnapshot) => void>();

  constructor(
    options: { advanced?: boolean } = {},
    private readonly timers: IntervalTimers = defaultIntervals,
  ) {
    this.advanced = options.advanced ?? false;
    this.snapshot = this.makeSnapshot();
  }

  get current(): ProgressSnapshot {
    return this.snapshot;
  }

  /** Feeds the tracker's status. A run that starts after idle or a final state starts from 0. */
  update(step: string, advanced: boolean = this.advanced): void {
    const previous = this.step;
    this.advanced = advanced;
    this.step = step;
    if (step === 'idle' || (isRunningStatus(step) && !isRunningStatus(previous))) {
      this.value = 0;
      this.target = 0;
      this.ceiling = 0;
    }
    const target = targetPercent(step, advanced);
    const ceiling = ceilingPercent(step, advanced);
    if (target !== null && ceiling !== null) {
      this.target = target;
      this.ceiling = ceiling;
      if (step !== 'idle') this.lastStep = step;
    }
    if (step === 'idle') this.lastStep = 'idle';
    this.publish();
  }

  start(): void {
    if (this.creepHandle !== null) return;
    this.creepHandle = this.timers.setInterval(() => this.tick(), PROGRESS_TICK_MS);
    this.driftHandle = this.timers.setInterval(() => this.slowDrift(), PROGRESS_DRIFT_MS);
  }

  stop(): void {
    if (this.creepHandle !== null) this.timers.clearInterval(this.creepHandle);
    if (this.driftHandle !== null) this.timers.clearInterval(this.driftHandle);
    this.creepHandle = null;
    this.driftHandle = null;
  }

  subscribe(listener: (snapshot: ProgressSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.stop();
    this.listeners.clear();
  }

  private tick(): void {
    const next = nextDisplayed(this.value, this.target, this.ceiling);
    if (next !== this.value) {
      this.value = next;
      this.publish();
    }
  }

  private slowDrift(): void {
    if (!isRunningStatus(this.step)) return;
    const next = drift(this.value, this.ceiling);
    if (next !== this.value) {
      this.value = next;
      this.publish();
    }
  }

  private makeSnapshot(): ProgressSnapshot {
    return { value: this.value, step: this.step, lastStep: this.lastStep, advanced: this.advanced };
  }

  private publish(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener(this.snapshot);
  }
}
