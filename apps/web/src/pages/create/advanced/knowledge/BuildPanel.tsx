import { Database, LoaderCircle } from 'lucide-react';
import type { BuildProgress } from '../../../../features/knowledge/build-progress';
import { KB_TEXT } from '../../../../features/knowledge/knowledge-messages';
import type { BuildState } from '../../../../features/knowledge/knowledge-state';
import { buttonClass } from '../../../../components/ui/button-styles';

const STATUS: Record<BuildState, { label: string; tone: string }> = {
  none: { label: '未构建', tone: 'bg-slate-100 text-slate-600' },
  building: { label: '构建中', tone: 'bg-indigo-100 text-indigo-700' },
  built: { label: '已构建', tone: 'bg-emerald-100 text-emerald-700' },
  error: { label: '构建失败', tone: 'bg-red-100 text-red-700' },
};

interface BuildPanelProps {
  build: BuildState;
  buildError: string | null;
  progress: BuildProgress | null;
  canBuild: boolean;
  showUnbuiltHint: boolean;
  onBuild: () => void;
}

/** The build state, the build button and, while building, the bar with the server's message. */
export function BuildPanel({ build, buildError, progress, canBuild, showUnbuiltHint, onBuild }: BuildPanelProps) {
  const status = STATUS[build];
  const building = build === 'building';
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          知识库状态
          <span data-testid="kb-status" data-state={build} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>
            {status.label}
          </span>
        </p>
        <button type="button" data-testid="kb-build" onClick={onBuild} disabled={!canBuild} className={buttonClass('primary', 'px-4 py-2')}>
          {building ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Database aria-hidden="true" className="size-4" />}
          构建知识库
        </button>
      </div>
      {building && progress && (
        <div data-testid="kb-progress" className="space-y-1.5">
          <div
            role="progressbar"
            aria-label="知识库构建进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-300" style={{ width: `${progress.percent}%` }} />
          </div>
          <p className="flex justify-between gap-3 text-xs text-slate-600">
            <span className="min-w-0 break-words">{progress.message}</span>
            <span className="shrink-0 tabular-nums">{progress.percent}%</span>
          </p>
        </div>
      )}
      {build === 'error' && buildError && (
        <p data-testid="kb-build-error" className="text-xs break-words text-red-600">
          {buildError}
        </p>
      )}
      {showUnbuiltHint && <p className="text-xs text-amber-700">{KB_TEXT.unbuiltHint}</p>}
    </div>
  );
}
