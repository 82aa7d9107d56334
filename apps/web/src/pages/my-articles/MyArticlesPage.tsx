import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_CONTAINER } from '../../components/layout/page-container';
import { buttonClass } from '../../components/ui/button-styles';
import { MyArticlesPanel } from './MyArticlesPanel';

export function MyArticlesPage() {
  return (
    // The header's column (PAGE_CONTAINER): the list starts and ends where the logo and the menu do.
    <div className="bg-slate-50 py-8 sm:py-12">
      <div className={PAGE_CONTAINER}>
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900">我的文章</h1>
            <p className="mt-1 text-sm text-slate-500">这里收藏着你创作的每一篇文章，点击卡片即可在线编辑</p>
          </div>
          <Link to="/create" className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            开始创作
          </Link>
        </div>
        <MyArticlesPanel />
      </div>
    </div>
  );
}
