import { headerLabel, isRunningStatus, stepText, targetPercent } from '../generation/progress-display';
import type { TrackerState } from '../generation/tracking-types';

/** What the dialog's progress bar shows of the tracker's state (the task reports the generation's steps). */
export interface RepurposeProgress {
  /** 0–100. */
  percent: number;
  label: string;
  message: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The server's own percent when it sent one, else the step's place in the standard flow, never
 * below `previous` while the run goes on (a step label it does not know holds the bar).
 */
export function repurposeProgress(state: TrackerState, previous = 0): RepurposeProgress {
  const { status, details } = state;
  if (status === 'completed') return { percent: 100, label: headerLabel(status), message: null };
  const sent = typeof details?.progress === 'number' && Number.isFinite(details.progress) ? details.progress : null;
  const fromStep = targetPercent(status, false);
  const raw = sent ?? fromStep ?? previous;
  const percent = Math.max(previous, Math.min(99, Math.max(0, Math.round(raw))));
  // Until the first event, the tracker's placeholder step (智能搜索) would say what this task does not do.
  const label = !state.taskId ? '正在提交任务' : !details ? '任务已开始' : (text(details.step_label) ?? stepText(status));
  return { percent: isRunningStatus(status) ? percent : previous, label, message: text(details?.message) };
}
