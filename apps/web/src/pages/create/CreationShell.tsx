import type { ReactNode } from 'react';
import { PAGE_CONTAINER } from '../../components/layout/page-container';
import { MyArticlesPanel } from '../my-articles/MyArticlesPanel';
import { AiStatusBadge } from './AiStatusBadge';
import { CreationTabs, panelId, tabId } from './CreationTabs';
import type { CreationTab } from './use-creation-tab';

interface CreationShellProps {
  title: ReactNode;
  createLabel: string;
  tab: CreationTab;
  onTab: (tab: CreationTab) => void;
  /** Shown beside the tabs (the advanced page's 返回基础模式). */
  actions?: ReactNode;
  /** Left column. */
  form: ReactNode;
  /** Right column: the generation panel. */
  panel: ReactNode;
}

/**
 * The frame both creation pages share: header with the AI status, the two tabs, then the form
 * (about 40 %) beside the panel (about 60 %) on wide screens, one column on narrow ones; in the
 * header's column (PAGE_CONTAINER), so the content lines up with the logo.
 */
export function CreationShell({ title, createLabel, tab, onTab, actions, form, panel }: CreationShellProps) {
  return (
    <div className="bg-slate-50 py-6 sm:py-8">
      {/* The header's column: the title, tabs and form start where the logo starts. */}
      <div className={`${PAGE_CONTAINER} space-y-5`}>
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          <AiStatusBadge />
        </header>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <CreationTabs createLabel={createLabel} selected={tab} onSelect={onTab} />
          {actions}
        </div>

        {/* The form stays mounted while my articles shows, so typed values survive a tab switch. */}
        <div
          id={panelId('create')}
          role="tabpanel"
          aria-labelledby={tabId('create')}
          hidden={tab !== 'create'}
          className="grid gap-6 lg:grid-cols-5"
        >
          <div className="min-w-0 lg:col-span-2">{form}</div>
          <div className="min-w-0 lg:col-span-3">{panel}</div>
        </div>
        {tab === 'articles' && (
          <div id={panelId('articles')} role="tabpanel" aria-labelledby={tabId('articles')}>
            <MyArticlesPanel />
          </div>
        )}
      </div>
    </div>
  );
}
