import { useState } from 'react';
import { ArticlesSection } from './ArticlesSection';
import { CHIP, SELECTED_CHIP } from './admin-table';
import { FeedbackSection } from './FeedbackSection';
import { ShowcaseSection } from './ShowcaseSection';

const VIEWS = [
  { id: 'showcase', label: '首页案例', render: () => <ShowcaseSection /> },
  { id: 'articles', label: '公开文章', render: () => <ArticlesSection /> },
  { id: 'feedback', label: '用户反馈', render: () => <FeedbackSection /> },
] as const;

type View = (typeof VIEWS)[number]['id'];

/** 内容: the home page's cases, users' shared articles (hide, unhide) and what users said about articles. */
export function ContentTab() {
  const [view, setView] = useState<View>('showcase');
  const current = VIEWS.find((item) => item.id === view) ?? VIEWS[0];
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">内容管理</legend>
        {VIEWS.map((item) => (
          <button key={item.id} type="button" aria-pressed={item.id === view} className={item.id === view ? SELECTED_CHIP : CHIP} onClick={() => setView(item.id)}>
            {item.label}
          </button>
        ))}
      </fieldset>
      {current.render()}
    </div>
  );
}
