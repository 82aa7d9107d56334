import { zhDateTime } from '../../../components/billing/format-time';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatWordCount } from '../../../lib/word-count';
import { useVersionList } from './use-versions';
import { VERSIONS_EMPTY_TEXT, versionSourceLabel, versionsErrorText } from './version-text';
import type { ArticleVersion } from './versions-api';

interface VersionListProps {
  articleId: string;
  selectedId: string | null;
  onSelect: (version: ArticleVersion) => void;
}

/** The article's versions, newest first: time, what made it, 字数. */
export function VersionList({ articleId, selectedId, onSelect }: VersionListProps) {
  const { data, error, isError, isFetching, refetch } = useVersionList(articleId);

  if (data === undefined) {
    if (isError && !isFetching)
      return (
        <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm text-red-600">
          {versionsErrorText(error, 'list')}
          <button type="button" onClick={() => void refetch()} className={buttonClass('secondary', 'px-3 py-1.5')}>
            重试
          </button>
        </div>
      );
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-500">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-indigo-100 border-t-indigo-600" />
        正在加载历史版本...
      </p>
    );
  }
  if (data.length === 0)
    return (
      <p data-testid="versions-empty" className="p-4 text-sm text-slate-500">
        {VERSIONS_EMPTY_TEXT}
      </p>
    );

  return (
    <ul aria-label="历史版本列表" data-testid="versions-list" className="space-y-1.5 p-3">
      {data.map((version, index) => {
        const selected = version.versionId === selectedId;
        return (
          <li key={version.versionId}>
            <button
              type="button"
              data-testid="version-item"
              aria-pressed={selected}
              onClick={() => onSelect(version)}
              className={`w-full rounded-xl border px-3 py-2 text-left transition-colors ${
                selected ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50'
              }`}
            >
              <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-900">
                <span data-testid="version-source">{versionSourceLabel(version)}</span>
                {index === 0 && <span className="rounded bg-slate-100 px-1.5 text-xs font-normal text-slate-500">最新</span>}
              </span>
              <span className="mt-0.5 flex justify-between gap-2 text-xs text-slate-500">
                <time dateTime={version.createdAt}>{zhDateTime(version.createdAt)}</time>
                <span>{formatWordCount(version.chars)} 字</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
