import { PenLine, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useToast } from '../../components/toast/toast-context';
import { buttonClass } from '../../components/ui/button-styles';
import { PageSpinner } from '../../components/ui/Spinner';
import { ArticleCard } from './ArticleCard';
import { DeleteArticleModal } from './DeleteArticleModal';
import { openEditor } from '../../lib/editor-link';
import { useSetArticleVisibility } from './use-article-mutations';
import { type ArticleListItem, FALLBACK_DEEPSPACE_ID } from './my-articles-api';
import { errorText, useMyArticles } from './use-my-articles';

export const SAMPLE_NOTICE = '服务器暂时无法连接，当前显示的是示例数据';
export const SAMPLE_ACTION_HINT = '这是示例文章，仅供展示，无法编辑或删除';
export const MISSING_ID_MESSAGE = '文章ID缺失，无法打开编辑器';
export const SAMPLE_SHARE_HINT = '这是示例文章，仅供展示，无法分享';

/** The user's articles as a card grid; also shown in the creation page's 我的文章 tab. */
export function MyArticlesPanel() {
  const { user } = useAuth();
  const toast = useToast();
  const deepspaceId = user?.deepspaceId ?? FALLBACK_DEEPSPACE_ID;
  const list = useMyArticles(deepspaceId);
  const visibility = useSetArticleVisibility();
  const [deleting, setDeleting] = useState<ArticleListItem | null>(null);

  if (list.loading) return <PageSpinner label="正在加载文章..." />;

  const open = (article: ArticleListItem) => {
    if (list.samples) return toast.info(SAMPLE_ACTION_HINT);
    if (!article.articleId) return toast.info(MISSING_ID_MESSAGE);
    openEditor(article.articleId, deepspaceId);
  };

  const askDelete = (article: ArticleListItem) => {
    if (list.samples) return toast.info(SAMPLE_ACTION_HINT);
    if (!article.articleId) return toast.info('文章ID缺失，无法删除');
    setDeleting(article);
  };

  // The menu's 开启/关闭公开访问 and the share dialog's 开启公开访问: the card follows the server.
  const setVisibility = async (article: ArticleListItem, isPublic: boolean) => {
    if (list.samples) return toast.info(SAMPLE_SHARE_HINT);
    if (!article.articleId) return toast.info('文章ID缺失，无法修改公开状态');
    try {
      const answer = await visibility.mutateAsync({ articleId: article.articleId, isPublic });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <div className="space-y-4">
      {list.error !== null && (
        <div data-testid="sample-notice" role="alert" className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">
            <p className="font-medium">{SAMPLE_NOTICE}</p>
            <p className="mt-0.5 break-words text-amber-700">{list.error}</p>
          </div>
        </div>
      )}

      {list.items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.items.map((article) => (
            <ArticleCard
              key={article.id}
              article={article}
              onOpen={open}
              onDelete={askDelete}
              onSetVisibility={setVisibility}
              shareRefusal={list.samples ? SAMPLE_SHARE_HINT : undefined}
            />
          ))}
        </ul>
      )}

      {list.page < list.totalPages && (
        <div className="flex justify-center pt-2">
          <button type="button" data-testid="load-more" onClick={list.loadMore} disabled={list.loadingMore} className={buttonClass('secondary')}>
            {list.loadingMore ? '加载中...' : '加载更多'}
          </button>
        </div>
      )}

      {deleting && <DeleteArticleModal article={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <PenLine aria-hidden="true" className="size-10 text-slate-300" />
      <p className="mt-4 text-slate-600">还没有创作，开始你的第一篇吧</p>
      <Link to="/create" className={buttonClass('primary', 'mt-6')}>
        开始创作
      </Link>
    </div>
  );
}
