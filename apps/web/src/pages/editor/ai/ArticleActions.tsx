import type { RevisionAction } from '@tianma/shared';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RevisionActionInfo } from './revision-api';
import { priceText } from './revision-text';

interface ArticleActionsProps {
  actions: readonly RevisionActionInfo[];
  /** The article's length: the price depends on it. */
  chars: number;
  disabled: boolean;
  /** Fetches what showing a result needs, ahead of the click. */
  onPreload?: () => void;
  onRun: (action: RevisionAction) => void;
  /** More buttons for the bar (为本段配图). */
  children?: ReactNode;
}

/** The whole article's actions (标题候选, 摘要) with their prices, and a hint that a selection has more. */
export function ArticleActions({ actions, chars, disabled, onPreload, onRun, children }: ArticleActionsProps) {
  if (actions.length === 0 && !children) return null;
  return (
    <div role="toolbar" aria-label="AI 全文" className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1 font-medium text-indigo-700">
        <Sparkles aria-hidden="true" className="size-4" />
        AI 全文
      </span>
      {actions.map((info) => (
        <button
          key={info.action}
          type="button"
          data-testid={`ai-action-${info.action}`}
          disabled={disabled || !info.available}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          onClick={() => onRun(info.action)}
          className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm hover:border-indigo-300 hover:text-indigo-700 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          {info.label}
          <span className="ml-1 text-xs text-slate-400">{info.available ? priceText(info, chars) : (info.reason ?? '不可用')}</span>
        </button>
      ))}
      {children}
      <span className="text-xs text-slate-400">选中文字可润色、扩写、缩写、改写…</span>
    </div>
  );
}
