import { AlarmClock, CheckCircle2, ExternalLink, LoaderCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { cancelPublication, type Publication } from './publish-api';
import { formatShortTime, OUTCOME_TITLES } from './publish-text';
import { usePublicationPoll } from './use-publication-poll';

interface PublicationCardProps {
  publication: Publication;
  /** 'latest': the article's last publication, shown when the panel opens; 'result': the one just made. */
  kind: 'latest' | 'result';
  /** A newer state of it (polled, or cancelled). */
  onChange: (next: Publication | null) => void;
}

/**
 * One publication's outcome in the server's words: only what WeChat confirmed (decision 074).
 * While WeChat is publishing it is asked again every 5 s; a scheduled one can be cancelled.
 */
export function PublicationCard({ publication, kind, onChange }: PublicationCardProps) {
  usePublicationPoll(publication, onChange);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string>();
  const { state } = publication;

  const cancel = async () => {
    setCancelling(true);
    setCancelError(undefined);
    try {
      await cancelPublication(publication.publishId);
      onChange(null);
    } catch (error) {
      setCancelError(error instanceof Error ? error.message : '取消失败，请稍后重试');
    } finally {
      setCancelling(false);
    }
  };

  const tone = state === 'failed' ? 'border-red-200 bg-red-50' : state === 'submitted' || state === 'queued' ? 'border-amber-200 bg-amber-50' : 'border-emerald-200 bg-emerald-50';
  const Icon = state === 'failed' ? XCircle : state === 'submitted' ? LoaderCircle : state === 'queued' ? AlarmClock : CheckCircle2;
  const iconColor = state === 'failed' ? 'text-red-600' : state === 'submitted' || state === 'queued' ? 'text-amber-600' : 'text-emerald-600';
  const scheduled = formatShortTime(publication.scheduledAt);
  const created = formatShortTime(publication.createdAt);

  return (
    // A result just made is announced, and again as WeChat moves it on.
    <div role={kind === 'result' ? 'status' : undefined} data-testid="wechat-publication" data-state={state} className={`rounded-xl border p-3 text-sm ${tone}`}>
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${iconColor} ${state === 'submitted' ? 'animate-spin' : ''}`} />
        <span>
          {kind === 'latest' && <span className="font-normal text-slate-500">上次：</span>}
          {OUTCOME_TITLES[state]}
          {state === 'queued' && scheduled && `（${scheduled}）`}
        </span>
      </p>
      <div className="mt-1 space-y-1 pl-6 text-slate-600">
        {(publication.accountName || created) && (
          <p>
            {publication.accountName && `公众号「${publication.accountName}」`}
            {publication.accountName && created && ' · '}
            {created}
          </p>
        )}
        {state === 'draft_created' && <p>到公众号后台「内容与互动 → 草稿箱」查看和群发。</p>}
        {state === 'submitted' && <p>微信正在发表，每 5 秒查询一次结果，可以先关闭窗口。</p>}
        {state === 'published' && publication.articleUrl && (
          <a href={publication.articleUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-indigo-700 underline">
            打开文章
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        )}
        {/* WeChat's refusal (failed), or a note such as the pictures left out. */}
        {publication.message && <p className={state === 'failed' ? 'font-medium text-red-700' : ''}>{publication.message}</p>}
        {state === 'queued' && (
          <div>
            {cancelError && (
              <p role="alert" className="text-red-600">
                {cancelError}
              </p>
            )}
            <button type="button" onClick={() => void cancel()} disabled={cancelling} className={buttonClass('secondary', 'mt-1 px-3 py-1.5')}>
              {cancelling ? '正在取消…' : '取消定时'}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
