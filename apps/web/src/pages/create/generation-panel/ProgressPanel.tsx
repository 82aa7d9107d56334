import { Check, Search, Wifi } from 'lucide-react';
import {
  headerLabel,
  isRunningStatus,
  shownPercent,
  stepText,
  type VisibleStep,
  visibleSteps,
} from '../../../features/generation/progress-display';
import type { ProgressDetails } from '../../../features/generation/tracking-types';
import { useDisplayedProgress, useLoadingDots } from './use-displayed-progress';

interface ProgressPanelProps {
  status: string;
  details: ProgressDetails | null;
  notice: string | null;
  advanced: boolean;
}

/** The generation progress panel (content-creation §2): ring, current step, texts and step list. */
export function ProgressPanel({ status, details, notice, advanced }: ProgressPanelProps) {
  const snapshot = useDisplayedProgress(status, advanced);
  const running = isRunningStatus(status);
  const dots = useLoadingDots(running);
  const percent = shownPercent(snapshot.value);
  // An error or an unknown step keeps the list where the last known step left it.
  const steps = visibleSteps(status, advanced);
  const listed = steps.length > 0 ? steps : visibleSteps(snapshot.lastStep, advanced);
  const message = text(details?.message);
  const query = text(details?.current_query);

  return (
    <section aria-label="生成进度" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="mb-5 flex items-center gap-2">
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 rounded-full ${
            status === 'error' ? 'bg-red-500' : status === 'completed' ? 'bg-emerald-500' : running ? 'animate-pulse bg-indigo-500' : 'bg-slate-300'
          }`}
        />
        <h2 className="text-base font-semibold text-slate-900" data-testid="progress-header">
          {headerLabel(status)}
        </h2>
        <span aria-hidden="true" className="inline-block w-4 text-base font-semibold text-indigo-600" data-testid="loading-dots">
          {dots}
        </span>
      </header>

      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <ProgressRing percent={percent} value={snapshot.value} error={status === 'error'} />
        <div className="min-w-0 flex-1 space-y-2 text-center sm:text-left">
          <p className="text-lg font-semibold break-words text-slate-900" data-testid="progress-step">
            {stepText(status)}
          </p>
          {message && (
            <p className="text-sm break-words text-slate-600" data-testid="progress-message">
              {message}
            </p>
          )}
          {query && (
            <p className="flex items-start justify-center gap-1.5 text-sm break-all text-slate-500 sm:justify-start" data-testid="progress-query">
              <Search aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>正在检索：{query}</span>
            </p>
          )}
          {notice && (
            <p role="status" className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-left text-sm text-amber-800">
              <Wifi aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="break-words">{notice}</span>
            </p>
          )}
        </div>
      </div>

      {listed.length > 0 && <StepList steps={listed} />}
    </section>
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function ProgressRing({ percent, value, error }: { percent: number; value: number; error: boolean }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label="生成进度"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="relative size-32 shrink-0"
    >
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-slate-100" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
          className={error ? 'stroke-red-500' : 'stroke-indigo-600'}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-2xl font-bold text-slate-900">
        <span data-testid="progress-percent">{percent}</span>
        <span className="text-base font-semibold text-slate-500">%</span>
      </span>
    </div>
  );
}

function StepList({ steps }: { steps: VisibleStep[] }) {
  return (
    <ol aria-label="生成步骤" className="mt-6 space-y-0 border-t border-slate-100 pt-5">
      {steps.map((step, index) => (
        <li key={step.step} data-state={step.state} className="relative flex gap-3 pb-4 last:pb-0">
          {index < steps.length - 1 && <span aria-hidden="true" className="absolute top-7 bottom-0 left-3 w-px -translate-x-1/2 bg-slate-200" />}
          <StepMarker state={step.state} />
          <span
            className={`pt-0.5 text-sm ${
              step.state === 'current' ? 'font-semibold text-indigo-700' : step.state === 'done' ? 'text-slate-700' : 'text-slate-400'
            }`}
          >
            {step.label}
            {step.state === 'done' && <span className="sr-only">（已完成）</span>}
            {step.state === 'current' && <span className="sr-only">（进行中）</span>}
            {step.state === 'upcoming' && <span className="sr-only">（下一步）</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

function StepMarker({ state }: { state: VisibleStep['state'] }) {
  if (state === 'done') {
    return (
      <span className="relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white" data-testid="step-check">
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      </span>
    );
  }
  if (state === 'current') {
    return (
      <span className="relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-indigo-600 bg-white">
        <span className="size-2 animate-pulse rounded-full bg-indigo-600" />
      </span>
    );
  }
  return <span className="relative z-10 size-6 shrink-0 rounded-full border-2 border-slate-200 bg-white" />;
}
