import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { adminKeys } from './admin-api';
import { beijingTime, count, errorMessage } from './admin-format';
import { NOTE, SMALL_BUTTON, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { ArticleSearch } from './ArticleSearch';
import { contentKeys, fetchSharedArticles, type SharedArticle, setArticleHidden, sharePath } from './content-api';
import { Pager } from './Pager';
import { useStepUp } from './step-up';

const BADGE = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

function HideDialog({ article, onClose }: { article: SharedArticle; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const hidden = !article.hidden;
  const mutation = useMutation({
    mutationFn: (reason: string) => run(() => setArticleHidden(article.articleId, { hidden, reason })),
    onSuccess: () => {
      toast.success(hidden ? `已隐藏「${article.title}」` : `已恢复「${article.title}」`);
      void queryClient.invalidateQueries({ queryKey: contentKeys.articles });
      void queryClient.invalidateQueries({ queryKey: contentKeys.showcase });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });
  return (
    <ActionDialog
      title={hidden ? '隐藏文章' : '恢复文章'}
      submitLabel={hidden ? '确认隐藏' : '确认恢复'}
      danger={hidden}
      description={
        hidden ? (
          <p>隐藏后，「{article.title}」的分享页将提示“该文章已被平台隐藏，无法查看”；若它正在首页案例中，首页会改回默认案例。</p>
        ) : (
          <p>恢复后，「{article.title}」的分享页可以重新访问。</p>
        )
      }
      busy={mutation.isPending}
      error={mutation.error}
      onSubmit={(reason) => mutation.mutate(reason)}
      onClose={onClose}
    />
  );
}

/** 公开文章: users' shared articles, newest first, with hide and unhide. */
export function ArticlesSection() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<SharedArticle | null>(null);
  const list = useQuery({ queryKey: contentKeys.articlesPage(q, page), queryFn: ({ signal }) => fetchSharedArticles(q, page, signal), placeholderData: keepPreviousData });

  return (
    <section aria-label="公开文章" className="space-y-4">
      <ArticleSearch
        label="搜索公开文章"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <p className={NOTE}>加载中...</p>
      ) : list.isError ? (
        <p role="alert" className={NOTE}>
          {errorMessage(list.error)}
        </p>
      ) : list.data.data.length === 0 ? (
        <p className={NOTE}>{q ? `没有找到与「${q}」相关的公开文章` : '还没有用户公开的文章'}</p>
      ) : (
        <div className={TABLE_BOX}>
          <table className={TABLE} aria-label="公开文章列表">
            <thead>
              <tr>
                {['标题', '作者', '字数', '发布时间', '状态', '操作'].map((title) => (
                  <th key={title} scope="col" className={TH}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((article) => (
                <tr key={article.articleId} data-testid="admin-article-row">
                  <td className={`${TD} min-w-48`}>
                    <a href={sharePath(article.articleId)} target="_blank" rel="noopener noreferrer" className="break-words font-medium text-indigo-700 hover:underline">
                      {article.title}
                    </a>
                    {article.showcaseSlot && <span className={`${BADGE} ml-2 bg-indigo-50 text-indigo-700`}>首页案例</span>}
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{article.username ?? '已注销用户'}</td>
                  <td className={`${TD} whitespace-nowrap tabular-nums`}>{count(article.wordCount)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{beijingTime(article.createdAt)}</td>
                  <td className={`${TD} min-w-32`}>
                    {article.hidden ? (
                      <>
                        <span className={`${BADGE} bg-red-50 text-red-700`}>已隐藏</span>
                        {article.hiddenReason && <p className="mt-1 text-xs break-words text-slate-500">原因：{article.hiddenReason}</p>}
                      </>
                    ) : (
                      '公开'
                    )}
                  </td>
                  <td className={TD}>
                    <button type="button" className={SMALL_BUTTON} onClick={() => setActing(article)}>
                      {article.hidden ? '恢复' : '隐藏'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager label="公开文章翻页" page={page} totalPages={list.data.totalPages} onPage={setPage} />}
      {acting && <HideDialog article={acting} onClose={() => setActing(null)} />}
    </section>
  );
}
