import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { ActionDialog } from './ActionDialog';
import { adminKeys } from './admin-api';
import { beijingTime, count, errorMessage } from './admin-format';
import { ArticleSearch } from './ArticleSearch';
import { contentKeys, fetchSharedArticles, pickShowcase, type ShowcaseSlot, type SharedArticle } from './content-api';
import { Pager } from './Pager';
import { useStepUp } from './step-up';

interface ShowcaseDialogProps {
  slot: ShowcaseSlot;
  /** 'pick': choose a shared article for the slot; 'restore': give it back to its seeded case. */
  mode: 'pick' | 'restore';
  onClose: () => void;
}

/** One shared article to choose; a hidden one cannot fill a case slot. */
function Choice({ article, chosen, onChoose }: { article: SharedArticle; chosen: boolean; onChoose: () => void }) {
  return (
    <li>
      <label
        className={`flex cursor-pointer gap-3 rounded-lg border px-3 py-2 text-sm ${chosen ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200'} ${article.hidden ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <input type="radio" name="showcase-article" className="mt-1" checked={chosen} disabled={article.hidden} onChange={onChoose} />
        <span className="min-w-0">
          <span className="block break-words font-medium text-slate-900">{article.title}</span>
          <span className="block text-xs text-slate-500">
            {article.username ?? '已注销用户'} · {count(article.wordCount)} 字 · {beijingTime(article.createdAt)}
            {article.hidden && ' · 已隐藏'}
            {article.showcaseSlot && ' · 已在首页案例中'}
          </span>
        </span>
      </label>
    </li>
  );
}

function ArticleChoices({ chosen, onChoose }: { chosen: SharedArticle | null; onChoose: (article: SharedArticle) => void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: contentKeys.articlesPage(q, page), queryFn: ({ signal }) => fetchSharedArticles(q, page, signal), placeholderData: keepPreviousData });
  return (
    <div className="space-y-3">
      <ArticleSearch
        label="搜索公开文章"
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <p className="py-4 text-center text-sm text-slate-500">加载中...</p>
      ) : list.isError ? (
        <p role="alert" className="py-4 text-center text-sm text-red-600">
          {errorMessage(list.error)}
        </p>
      ) : list.data.data.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{q ? `没有找到与「${q}」相关的公开文章` : '还没有用户公开的文章'}</p>
      ) : (
        <ul aria-label="公开文章" className="max-h-64 space-y-2 overflow-y-auto">
          {list.data.data.map((article) => (
            <Choice key={article.articleId} article={article} chosen={chosen?.articleId === article.articleId} onChoose={() => onChoose(article)} />
          ))}
        </ul>
      )}
      {list.data && <Pager label="公开文章翻页" page={page} totalPages={list.data.totalPages} onPage={setPage} />}
    </div>
  );
}

/** 更换 or 恢复默认 for one home-page case slot, with the reason the audit log keeps. */
export function ShowcaseDialog({ slot, mode, onClose }: ShowcaseDialogProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const run = useStepUp();
  const [chosen, setChosen] = useState<SharedArticle | null>(null);
  const mutation = useMutation({
    mutationFn: (reason: string) => run(() => pickShowcase(slot.slot, { articleId: mode === 'pick' ? (chosen?.articleId ?? null) : null, reason })),
    onSuccess: (slots) => {
      queryClient.setQueryData(contentKeys.showcase, slots);
      toast.success(mode === 'pick' ? `已将「${chosen?.title}」设为${slot.platformLabel}案例` : `${slot.platformLabel}案例已恢复默认`);
      void queryClient.invalidateQueries({ queryKey: contentKeys.articles });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      onClose();
    },
  });
  const common = { busy: mutation.isPending, error: mutation.error, onSubmit: (reason: string) => mutation.mutate(reason), onClose };

  if (mode === 'restore') {
    return (
      <ActionDialog
        {...common}
        title="恢复默认案例"
        submitLabel="确认恢复"
        description={<p>首页的{slot.platformLabel}案例将不再展示「{slot.pickedTitle ?? slot.pickedArticleId}」，改回展示默认案例。</p>}
      />
    );
  }
  return (
    <ActionDialog
      {...common}
      title="更换首页案例"
      submitLabel="确认更换"
      invalid={chosen ? null : '请选择一篇文章'}
      description={<p>选择一篇用户公开的文章，展示在首页的{slot.platformLabel}案例位。文章设为私密或被隐藏后，这里会自动改回默认案例。</p>}
    >
      <ArticleChoices chosen={chosen} onChoose={setChosen} />
    </ActionDialog>
  );
}
