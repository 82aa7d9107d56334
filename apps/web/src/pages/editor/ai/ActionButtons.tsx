import { type RevisionAction, WRITING_STYLES, type WritingStyle } from '@tianma/shared';
import { useState } from 'react';
import type { RevisionActionInfo } from './revision-api';
import { priceText } from './revision-text';

interface ActionButtonsProps {
  actions: readonly RevisionActionInfo[];
  /** Characters the action would work on: the price depends on them. */
  chars: number;
  onRun: (action: RevisionAction, style?: WritingStyle) => void;
  /** Keeps the editor's focus (and so its selection) on a mouse click, in the floating menu. */
  keepFocus?: boolean;
  layout?: 'row' | 'grid';
}

const BUTTON =
  'flex min-w-0 flex-col items-start rounded-lg px-2.5 py-1.5 text-left text-sm font-medium text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/**
 * The actions as buttons, each with its price before the click (或 需要配置大模型 when it cannot
 * run here). 换语气 opens its styles first.
 */
export function ActionButtons({ actions, chars, onRun, keepFocus = false, layout = 'row' }: ActionButtonsProps) {
  const [toneOpen, setToneOpen] = useState(false);
  const hold = keepFocus ? { onMouseDown: (event: React.MouseEvent) => event.preventDefault() } : {};
  return (
    <div>
      <div className={layout === 'grid' ? 'grid grid-cols-3 gap-1' : 'flex flex-wrap gap-0.5'}>
        {actions.map((info) => (
          <button
            key={info.action}
            type="button"
            data-testid={`ai-action-${info.action}`}
            disabled={!info.available}
            aria-expanded={info.action === 'tone' ? toneOpen : undefined}
            onClick={() => (info.action === 'tone' ? setToneOpen((open) => !open) : onRun(info.action))}
            className={BUTTON}
            {...hold}
          >
            <span>{info.label}</span>
            <span className="text-[11px] font-normal text-slate-400">{info.available ? priceText(info, chars) : (info.reason ?? '不可用')}</span>
          </button>
        ))}
      </div>
      {toneOpen && (
        <fieldset className="mt-1 flex flex-wrap gap-1 border-t border-slate-100 pt-1.5">
          <legend className="sr-only">换成的语气</legend>
          {WRITING_STYLES.map((style) => (
            <button
              key={style.value}
              type="button"
              onClick={() => onRun('tone', style.value)}
              className="rounded-full border border-slate-200 px-2.5 py-1 text-xs text-slate-600 hover:border-indigo-300 hover:text-indigo-700"
              {...hold}
            >
              {style.label}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
