import { useEffect, useMemo, useRef } from 'react';
import { diffTexts } from './version-diff';

interface VersionDiffProps {
  /** The editor's text now. */
  current: string;
  /** The version's text: what the editor would hold after a restore. */
  version: string;
}

/**
 * The version against the editor's text, read as what a restore would do: green is text the
 * version brings back, red and struck through is text it would drop. Colour is not the only
 * signal: each change also says so in words for screen readers.
 */
export function VersionDiff({ current, version }: VersionDiffProps) {
  const diff = useMemo(() => diffTexts(current, version), [current, version]);
  const same = diff.added === 0 && diff.removed === 0;
  const boxRef = useRef<HTMLDivElement>(null);
  // The first change may be far down a long article: bring it into the box's view.
  useEffect(() => {
    if (diff.added + diff.removed === 0) return;
    const box = boxRef.current;
    const first = box?.querySelector<HTMLElement>('[data-diff]');
    if (box && first) box.scrollTop = Math.max(0, first.offsetTop - box.clientHeight / 3);
  }, [diff]);

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
      <p data-testid="version-diff-summary" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        {same ? (
          <span>与当前编辑内容相同</span>
        ) : (
          <>
            <span>与当前编辑内容相比，恢复后：</span>
            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-800">加入 {diff.added} 字</span>
            <span className="rounded bg-red-100 px-1.5 py-0.5 text-red-700">删去 {diff.removed} 字</span>
          </>
        )}
      </p>
      <div
        ref={boxRef}
        data-testid="version-diff"
        className="relative min-h-0 flex-1 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere text-slate-700"
      >
        {diff.parts.map((part, index) => {
          // NOTE: the parts never move or change in place, so their order is their identity.
          const key = `${index}-${part.kind}`;
          if (part.kind === 'added')
            return (
              <ins key={key} data-diff="added" className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
                <span className="sr-only">［恢复后加入：</span>
                {part.text}
                <span className="sr-only">］</span>
              </ins>
            );
          if (part.kind === 'removed')
            return (
              <del key={key} data-diff="removed" className="rounded-sm bg-red-100 text-red-800 line-through decoration-red-400">
                <span className="sr-only">［恢复后删去：</span>
                {part.text}
                <span className="sr-only">］</span>
              </del>
            );
          return <span key={key}>{part.text}</span>;
        })}
      </div>
    </div>
  );
}
