import type { UseQueryResult } from '@tanstack/react-query';
import { type PictureCandidate, pictureErrorText, SOURCE_LABELS } from './picture-api';

interface PictureGridProps {
  search: UseQueryResult<PictureCandidate[]>;
  /** Pictures drawn for this paragraph in this sheet, shown before the search's. */
  drawn?: readonly PictureCandidate[];
  canReplace: boolean;
  /** The candidate being picked (a stock picture is being copied in). */
  picking?: PictureCandidate;
  onPick: (candidate: PictureCandidate, where: 'insert' | 'replace') => void;
}

const ACTION = 'flex-1 rounded-lg px-2 py-1 text-xs font-medium disabled:opacity-60';

/** The candidates as thumbnails, best first, with where each comes from and a stock picture's credit. */
export function PictureGrid({ search, drawn = [], canReplace, picking, onPick }: PictureGridProps) {
  if (search.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-500">
        正在查找合适的图片...
      </p>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="space-y-2 py-4 text-center text-sm text-rose-600">
        <p>{pictureErrorText(search.error)}</p>
        <button type="button" onClick={() => void search.refetch()} className="rounded-lg border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-50">
          重试
        </button>
      </div>
    );
  }
  const candidates = [...drawn, ...search.data];
  if (candidates.length === 0) {
    return (
      <p data-testid="picture-empty" className="py-6 text-center text-sm text-slate-500">
        没有找到合适的图片，可以上传一张或生成配图
      </p>
    );
  }
  return (
    <ul data-testid="picture-results" aria-label="候选图片" aria-busy={search.isFetching} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {candidates.map((candidate) => (
        <li key={candidate.imageId ?? candidate.importToken ?? candidate.url} data-testid="picture-candidate" className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
          <img src={candidate.url} alt={candidate.caption} loading="lazy" className="aspect-[4/3] w-full bg-slate-100 object-cover" />
          <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
            <p className="line-clamp-2 text-slate-700" title={candidate.caption}>
              {candidate.caption || '（无说明）'}
            </p>
            <p className="text-slate-400">
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">{SOURCE_LABELS[candidate.source] ?? candidate.source}</span>
              {candidate.attribution && <span className="ml-1 break-words">{candidate.attribution}</span>}
            </p>
            <div className="mt-auto flex gap-1 pt-1">
              <button
                type="button"
                data-testid="picture-insert"
                disabled={picking !== undefined}
                onClick={() => onPick(candidate, 'insert')}
                className={`${ACTION} bg-indigo-600 text-white hover:bg-indigo-500`}
              >
                {picking === candidate ? '导入中...' : '插入'}
              </button>
              {canReplace && (
                <button
                  type="button"
                  data-testid="picture-replace"
                  disabled={picking !== undefined}
                  onClick={() => onPick(candidate, 'replace')}
                  className={`${ACTION} border border-slate-300 text-slate-700 hover:bg-slate-50`}
                >
                  替换
                </button>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
