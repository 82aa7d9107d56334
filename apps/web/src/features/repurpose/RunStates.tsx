import { CircleCheck, CircleX, ExternalLink, Images, Wifi } from 'lucide-react';
import { useRef } from 'react';
import { useAuth } from '../../auth/auth-context';
import { buttonClass } from '../../components/ui/button-styles';
import { editorUrl } from '../../lib/editor-link';
import { platformInfo } from './platforms';
import { repurposeProgress } from './repurpose-progress';
import type { Repurpose } from './use-repurpose';

interface RunProps {
  run: Repurpose;
  onClose: () => void;
}

/** The task under way: a bar with the step and the server's message, cancel, and close (it runs on). */
export function RunProgress({ run, onClose }: RunProps) {
  const shown = useRef(0);
  const progress = repurposeProgress(run.state, shown.current);
  shown.current = progress.percent;
  const label = platformInfo(run.platform)?.label ?? '新版本';
  return (
    <section aria-label="生成进度" data-testid="repurpose-progress" className="space-y-4">
      <p className="text-sm font-medium text-slate-800">正在生成{label}…</p>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
          <span data-testid="repurpose-step" className="min-w-0 truncate font-medium text-indigo-700">
            {progress.label}
          </span>
          <span data-testid="repurpose-percent" className="shrink-0 text-slate-500">
            {progress.percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="生成进度"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-500" style={{ width: `${progress.percent}%` }} />
        </div>
        {progress.message && (
          <p data-testid="repurpose-message" className="mt-2 text-sm break-words text-slate-600">
            {progress.message}
          </p>
        )}
      </div>
      {run.state.notice && (
        <p role="status" className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <Wifi aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="break-words">{run.state.notice}</span>
        </p>
      )}
      <p className="text-xs text-slate-400">关闭窗口不会中断任务，完成后可在“我的文章”中查看。</p>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          data-testid="repurpose-cancel"
          onClick={() => void run.cancel()}
          disabled={run.cancelling || !run.state.taskId}
          className={buttonClass('secondary')}
        >
          {run.cancelling ? '正在取消...' : '取消任务'}
        </button>
        <button type="button" onClick={onClose} className={buttonClass('primary')}>
          后台运行
        </button>
      </div>
    </section>
  );
}

/** The new article: open it in the editor; for a note, where its 3:4 cards are made. */
export function RunDone({ run, onClose }: RunProps) {
  const { user } = useAuth();
  const { state } = run;
  const info = platformInfo(run.platform);
  const title = state.articleMeta?.title?.trim();
  return (
    <section aria-label="生成完成" data-testid="repurpose-done" className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-800">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-500" />
        <span className="min-w-0 break-words">
          {info?.label ?? '新版本'}已生成{title ? <>：《{title}》</> : ''}，已存入“我的文章”。
        </span>
      </p>
      {run.platform === 'xiaohongshu' && (
        <p data-testid="repurpose-xhs-hint" className="flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          <Images aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>要发图文笔记：打开后在编辑器的“导出”菜单选“下载小红书图片（zip）”，即得 3:4 图片卡片。</span>
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={run.reset} className={buttonClass('secondary')}>
          再生成一个平台
        </button>
        {state.articleId && user && (
          <a
            data-testid="repurpose-open"
            href={editorUrl(state.articleId, user.deepspaceId)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            className={buttonClass('primary')}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            打开
          </a>
        )}
      </div>
    </section>
  );
}

/** A run that failed, timed out or was cancelled: why, and back to the choice. */
export function RunEnded({ run, onClose }: RunProps) {
  const message = run.cancelled ? '任务已取消，预扣的金币已退回。' : (run.state.error ?? '生成过程出现错误');
  return (
    <section aria-label="生成结束" data-testid="repurpose-ended" className="space-y-4">
      <p role="alert" className="flex items-start gap-2 text-sm text-slate-800">
        <CircleX aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${run.cancelled ? 'text-slate-400' : 'text-red-500'}`} />
        <span data-testid="repurpose-ended-message" className="min-w-0 break-words">
          {message}
        </span>
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonClass('secondary')}>
          关闭
        </button>
        <button type="button" onClick={run.reset} className={buttonClass('primary')}>
          重新选择
        </button>
      </div>
    </section>
  );
}
