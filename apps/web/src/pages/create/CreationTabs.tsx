import * as Tabs from '@radix-ui/react-tabs';
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

const isCreationTab = (value: string): value is CreationTab => (TABS as readonly string[]).includes(value);

/**
 * The two tabs of the creation pages as a Radix tab list; arrow keys switch between them. The
 * chosen tab stays in the URL (use-creation-tab); the panels are CreationShell's (ids tabId/panelId).
 */
export function CreationTabs({ createLabel, selected, onSelect }: CreationTabsProps) {
  const label = (tab: CreationTab) => (tab === 'create' ? createLabel : '我的文章');

  return (
    <Tabs.Root value={selected} onValueChange={(value) => isCreationTab(value) && onSelect(value)}>
      <Tabs.List aria-label="创作页面" className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            id={tabId(tab)}
            aria-controls={panelId(tab)}
            data-testid={`tab-${tab}`}
            className="rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors hover:text-slate-800 aria-selected:bg-white aria-selected:text-indigo-700 aria-selected:shadow-sm"
          >
            {label(tab)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
