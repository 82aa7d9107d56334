import type { KeyboardEvent } from 'react';
import type { CreationTab } from './use-creation-tab';

export const tabId = (tab: CreationTab) => `creation-tab-${tab}`;
export const panelId = (tab: CreationTab) => `creation-panel-${tab}`;

interface CreationTabsProps {
  /** 创作 on the guided page, 高级创作 on the advanced one. */
  createLabel: string;
  selected: CreationTab;
  onSelect: (tab: CreationTab) => void;
}

const TABS: readonly CreationTab[] = ['create', 'articles'];

/** The two tabs of the creation pages as an ARIA tab list; arrow keys switch between them. */
export function CreationTabs({ createLabel, selected, onSelect }: CreationTabsProps) {
  const label = (tab: CreationTab) => (tab === 'create' ? createLabel : '我的文章');

  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = event.key === 'Home' ? 'create' : event.key === 'End' ? 'articles' : selected === 'create' ? 'articles' : 'create';
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div role="tablist" aria-label="创作页面" onKeyDown={moveWithKeys} className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
      {TABS.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          data-testid={`tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
          className="rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm"
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
