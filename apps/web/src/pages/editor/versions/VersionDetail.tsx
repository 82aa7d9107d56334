import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { zhDateTime } from '../../../components/billing/format-time';
import { useToast } from '../../../components/toast/toast-context';
import { buttonClass } from '../../../components/ui/button-styles';
import { useRestoreVersion, useVersionText } from './use-versions';
import { VersionDiff } from './VersionDiff';
import { versionSourceLabel, versionsErrorText } from './version-text';
import type { ArticleVersion } from './versions-api';

interface VersionDetailProps {
  articleId: string;
  version: ArticleVersion;
  /** The editor's text now, and whether it holds edits not saved yet. */
  current: string;
  dirty: boolean;
  onBack: () => void;
  onRestored: (content: string) => void;
}

/** One version compared with the editor's text, and its restore behind a confirm step. */
export function VersionDetail({ articleId, version, current, dirty, onBack, onRestored }: VersionDetailProps) {
  const toast = useToast();
  const text = useVersionText(articleId, version.versionId);
  const [confirming, setConfirming] = useState(false);
  const restore = useRestoreVersion(articleId, (content) => {
    toast.success('已恢复到该版本');
    onRestored(content);
  });
  const confirmId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const label = `${zhDateTime(version.createdAt)} · ${versionSourceLabel(version)}`;

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3 p-3">
      <div className="flex items-center gap-2">
        <button type="button" onClick={onBack} className={buttonClass('secondary', 'px-2.5 py-1.5 md:hidden')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          返回列表
        </button>
        <h3 data-testid="version-detail-title" className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
          {label}
        </h3>
      </div>

      {text.data === undefined ? (
        text.isError && !text.isFetching ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-600">
            {versionsErrorText(text.error, 'text')}
            <button type="button" onClick={() => void text.refetch()} className={buttonClass('secondary', 'px-3 py-1.5')}>
              重试
            </button>
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-500">
            正在加载该版本...
          </p>
        )
      ) : (
        <VersionDiff current={current} version={text.data} />
      )}

      {restore.isError && (
        <p role="alert" className="text-sm text-red-600">
          {versionsErrorText(restore.error, 'restore')}
        </p>
      )}

      {confirming && text.data !== undefined ? (
        <section aria-labelledby={confirmId} data-testid="version-restore-confirm" className="rounded-xl border border-amber-200 bg-amber-50 p-3">
          <p id={confirmId} className="text-sm text-amber-900">
            确定恢复到这个版本吗？
            {dirty ? '编辑器中未保存的更改将被替换，且无法找回。' : '当前内容已保存在历史版本中，之后也可以再恢复回来。'}
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setConfirming(false)} disabled={restore.isPending} className={buttonClass('secondary', 'px-3 py-1.5')}>
              取消
            </button>
            <button
              ref={confirmRef}
              type="button"
              data-testid="version-restore-confirm-button"
              disabled={restore.isPending}
              onClick={() => restore.mutate({ versionId: version.versionId, content: text.data })}
              className={buttonClass('primary', 'px-3 py-1.5')}
            >
              {restore.isPending ? '恢复中...' : '确认恢复'}
            </button>
          </div>
        </section>
      ) : (
        <div className="flex justify-end">
          <button
            type="button"
            data-testid="version-restore"
            disabled={text.data === undefined}
            onClick={() => setConfirming(true)}
            className={buttonClass('primary', 'px-4 py-2')}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            恢复此版本
          </button>
        </div>
      )}
    </div>
  );
}
