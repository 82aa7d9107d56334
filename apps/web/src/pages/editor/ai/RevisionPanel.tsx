import { Link } from 'react-router';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { MODEL_REQUIRED_CODE } from '@tianma/shared';
import type { ApiError } from '../../../lib/api';
import { applyChanges, changeIds, type DiffPiece, diffPieces } from './revision-diff';
import { proposedText, titleOptions } from './revision-text';
import type { RevisionRun } from './use-revision-run';

export interface RevisionPanelProps {
  run: RevisionRun;
  /** Stops a stream (a discard) or closes the result without applying anything. */
  onDismiss: () => void;
  onRetry: () => void;
  /** Puts `text` in place of the selection, or after it. */
  onApply: (text: string, where: 'replace' | 'below') => void;
  onTitle: (title: string) => void;
  onSummary: (summary: string) => void;
}

const BOX = 'min-h-24 whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed text-slate-800';

/** The result of an action: streamed, then old beside new with every change marked and choosable. */
export function RevisionPanel(props: RevisionPanelProps) {
  const { run } = props;
  const sectionRef = useRef<HTMLElement>(null);
  // A new run shows where it happens, also when the page was scrolled down to the selection (phones).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per run, not per streamed piece.
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [run.serial]);
  const costText = run.status === 'done' ? (run.cost > 0 ? `本次消耗 ${run.cost} 币` : '本次免费') : run.status === 'streaming' ? '生成中...' : '';
  return (
    <section ref={sectionRef} aria-label={`${run.label}结果`} data-testid="ai-result" className="rounded-2xl border border-indigo-200 bg-white p-4 shadow-sm">
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">AI {run.label}</h2>
        <span data-testid="ai-result-status" aria-live="polite" className="text-xs text-slate-500">
          {costText}
        </span>
      </header>
      {run.status === 'failed' ? <Failure error={run.error} {...props} /> : run.action === 'titles' || run.action === 'summary' ? <WholeResult {...props} /> : <SelectionResult key={run.serial} {...props} />}
    </section>
  );
}

function Failure({ error, onRetry, onDismiss }: RevisionPanelProps & { error: ApiError }) {
  // Branch on the codes, never on the words (decision 058): a short balance links to the prices.
  const short = error.status === 402 || error.businessCode === 1006;
  const retryable = error.code !== MODEL_REQUIRED_CODE && error.status !== 402;
  return (
    <div role="alert" data-testid="ai-result-error" className="space-y-3">
      <p className="text-sm text-red-600">
        {error.message}
        {short && (
          <>
            {' '}
            <Link to="/pricing" className="font-medium text-indigo-600 underline">
              去充值
            </Link>
          </>
        )}
      </p>
      <div className="flex gap-2">
        {retryable && (
          <button type="button" onClick={onRetry} className={buttonClass('secondary', 'px-3')}>
            重试
          </button>
        )}
        <button type="button" onClick={onDismiss} className={buttonClass('secondary', 'px-3')}>
          关闭
        </button>
      </div>
    </div>
  );
}

function SelectionResult({ run, onDismiss, onRetry, onApply }: RevisionPanelProps) {
  const proposed = run.status === 'done' ? proposedText(run.action, run.original, run.text) : '';
  const pieces = useMemo(() => (run.status === 'done' ? diffPieces(run.original, proposed) : []), [run.status, run.original, proposed]);
  const all = useMemo(() => changeIds(pieces), [pieces]);
  const [rejected, setRejected] = useState<ReadonlySet<number>>(new Set());
  const accepted = new Set(all.filter((id) => !rejected.has(id)));
  const toggle = (id: number) =>
    setRejected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-xs font-medium text-slate-500">原文</h3>
          <div data-testid="ai-result-old" className={BOX}>
            {run.status === 'done' ? <Pieces pieces={pieces} side="old" accepted={accepted} /> : run.original}
          </div>
        </div>
        <div>
          <h3 className="mb-1 text-xs font-medium text-slate-500">
            修改后{run.status === 'done' && all.length > 0 && `（${accepted.size}/${all.length} 处修改，点击修改可接受或拒绝）`}
          </h3>
          <div data-testid="ai-result-new" className={BOX}>
            {run.status === 'done' ? <Pieces pieces={pieces} side="new" accepted={accepted} onToggle={toggle} /> : run.text || '…'}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {run.status === 'streaming' ? (
          <button type="button" data-testid="ai-stop" onClick={onDismiss} className={buttonClass('secondary', 'px-3')}>
            停止
          </button>
        ) : (
          <>
            <button type="button" data-testid="ai-accept-all" onClick={() => onApply(proposed, 'replace')} className={buttonClass('primary', 'px-3')}>
              全部接受
            </button>
            {rejected.size > 0 && accepted.size > 0 && (
              <button type="button" data-testid="ai-accept-chosen" onClick={() => onApply(applyChanges(pieces, accepted), 'replace')} className={buttonClass('primary', 'px-3')}>
                接受所选的 {accepted.size} 处
              </button>
            )}
            <button type="button" data-testid="ai-insert-below" onClick={() => onApply(run.action === 'continue' ? run.text : proposed, 'below')} className={buttonClass('secondary', 'px-3')}>
              插入到下方
            </button>
            <button type="button" onClick={onRetry} className={buttonClass('secondary', 'px-3')}>
              重试
            </button>
            <button type="button" data-testid="ai-reject" onClick={onDismiss} className={buttonClass('secondary', 'px-3')}>
              全部拒绝
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** One side of the comparison: the old side strikes what goes, the new side marks what comes and toggles it. */
function Pieces({ pieces, side, accepted, onToggle }: { pieces: DiffPiece[]; side: 'old' | 'new'; accepted: ReadonlySet<number>; onToggle?: (id: number) => void }) {
  // Keys by where a piece starts in the old text: stable for one result.
  let offset = 0;
  const keyed = pieces.map((piece) => {
    const key = `${offset}-${piece.kind === 'change' ? piece.id : 's'}`;
    offset += piece.kind === 'same' ? piece.text.length : piece.removed.length;
    return { piece, key };
  });
  return (
    <>
      {keyed.map(({ piece, key }) => {
        if (piece.kind === 'same') return <Fragment key={key}>{piece.text}</Fragment>;
        const on = accepted.has(piece.id);
        if (side === 'old') return piece.removed ? <del key={key} className={on ? 'bg-red-100 text-red-700' : 'no-underline'}>{piece.removed}</del> : null;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={on}
            title={on ? '点击拒绝这处修改' : '点击接受这处修改'}
            onClick={() => onToggle?.(piece.id)}
            className={`inline rounded-sm px-0.5 text-left ${on ? 'bg-emerald-100 text-emerald-800' : `bg-slate-200 text-slate-600 ${piece.removed ? '' : 'line-through'}`}`}
          >
            {on ? piece.added || '（删去）' : piece.removed || piece.added}
          </button>
        );
      })}
    </>
  );
}

function WholeResult({ run, onDismiss, onRetry, onTitle, onSummary }: RevisionPanelProps) {
  const copy = () => void navigator.clipboard?.writeText(run.text).catch(() => undefined);
  if (run.status === 'streaming')
    return (
      <div className="space-y-3">
        <div className={BOX}>{run.text || '…'}</div>
        <button type="button" data-testid="ai-stop" onClick={onDismiss} className={buttonClass('secondary', 'px-3')}>
          停止
        </button>
      </div>
    );
  return (
    <div className="space-y-3">
      {run.action === 'titles' ? (
        <ul className="space-y-1" data-testid="ai-titles">
          {titleOptions(run.text).map((title) => (
            <li key={title}>
              <button type="button" onClick={() => onTitle(title)} className="w-full rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-indigo-300 hover:bg-indigo-50">
                {title}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div data-testid="ai-summary" className={BOX}>
          {run.text}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {run.action === 'summary' && (
          <>
            <button type="button" onClick={() => onSummary(run.text)} className={buttonClass('primary', 'px-3')}>
              作为引言插入开头
            </button>
            <button type="button" onClick={copy} className={buttonClass('secondary', 'px-3')}>
              复制
            </button>
          </>
        )}
        <button type="button" onClick={onRetry} className={buttonClass('secondary', 'px-3')}>
          重试
        </button>
        <button type="button" onClick={onDismiss} className={buttonClass('secondary', 'px-3')}>
          放弃
        </button>
      </div>
    </div>
  );
}
