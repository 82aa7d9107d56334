import { labelOf, PLATFORMS } from '@tianma/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { beijingTime, errorMessage } from './admin-format';
import { CHIP, NOTE, SELECTED_CHIP, TABLE, TABLE_BOX, TD, TH } from './admin-table';
import { contentKeys, type FeedbackEntry, type FeedbackFilter, fetchFeedback, sharePath } from './content-api';
import { splitFeedback } from './feedback-chips';
import { Pager } from './Pager';

const FILTERS: { value: FeedbackFilter; label: string }[] = [
  { value: '', label: '全部' },
  { value: 'like', label: '点赞' },
  { value: 'dislike', label: '点踩' },
];

function Content({ content }: { content: string | null }) {
  const { chips, text } = splitFeedback(content);
  if (!chips.length && !text) return <span className="text-slate-400">未填写</span>;
  return (
    <div className="space-y-1">
      {chips.length > 0 && (
        <ul aria-label="快捷反馈" className="flex flex-wrap gap-1">
          {chips.map((chip, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same phrase may appear twice; the list is never reordered
            <li key={`${chip}-${index}`} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {chip}
            </li>
          ))}
        </ul>
      )}
      {text && <p className="break-words whitespace-pre-wrap">{text}</p>}
    </div>
  );
}

function Article({ entry }: { entry: FeedbackEntry }) {
  const title = entry.articleTitle ?? (entry.articleId ? '（文章已删除）' : '—');
  if (!entry.articleId || !entry.articleTitle) return <span>{title}</span>;
  return (
    <a href={sharePath(entry.articleId)} target="_blank" rel="noopener noreferrer" className="break-words text-indigo-700 hover:underline">
      {title}
    </a>
  );
}

/** 用户反馈: likes and dislikes with what users wrote, newest first. */
export function FeedbackSection() {
  const [type, setType] = useState<FeedbackFilter>('');
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: contentKeys.feedbackPage(type, page), queryFn: ({ signal }) => fetchFeedback(type, page, signal), placeholderData: keepPreviousData });

  return (
    <section aria-label="用户反馈" className="space-y-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">反馈类型</legend>
        {FILTERS.map((filter) => (
          <button
            key={filter.value || 'all'}
            type="button"
            aria-pressed={type === filter.value}
            className={type === filter.value ? SELECTED_CHIP : CHIP}
            onClick={() => {
              setType(filter.value);
              setPage(1);
            }}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>

      {list.isPending ? (
        <p className={NOTE}>加载中...</p>
      ) : list.isError ? (
        <p role="alert" className={NOTE}>
          {errorMessage(list.error)}
        </p>
      ) : list.data.data.length === 0 ? (
        <p className={NOTE}>{type === 'like' ? '还没有点赞' : type === 'dislike' ? '还没有点踩' : '还没有用户反馈'}</p>
      ) : (
        <div className={TABLE_BOX}>
          <table className={TABLE} aria-label="用户反馈列表">
            <thead>
              <tr>
                {['时间', '用户', '评价', '文章', '平台', '内容'].map((title) => (
                  <th key={title} scope="col" className={TH}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((entry) => (
                <tr key={entry.id} data-testid="admin-feedback-row">
                  <td className={`${TD} whitespace-nowrap`}>{beijingTime(entry.createdAt)}</td>
                  <td className={`${TD} whitespace-nowrap`}>{entry.username ?? '已注销用户'}</td>
                  <td className={`${TD} whitespace-nowrap`}>{entry.type === 'like' ? <span className="text-emerald-700">点赞</span> : <span className="text-red-600">点踩</span>}</td>
                  <td className={`${TD} min-w-40`}>
                    <Article entry={entry} />
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{entry.platform ? (labelOf(PLATFORMS, entry.platform) ?? entry.platform) : '—'}</td>
                  <td className={`${TD} min-w-56`}>
                    <Content content={entry.content} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager label="用户反馈翻页" page={page} totalPages={list.data.totalPages} onPage={setPage} />}
    </section>
  );
}
