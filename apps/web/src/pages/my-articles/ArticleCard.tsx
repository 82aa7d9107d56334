import { articleListSummary, articleListTitle } from '@tianma/shared';
import { CalendarDays, FileText } from 'lucide-react';
import { useState } from 'react';
import { ArticleCardMenu } from './ArticleCardMenu';
import { zhDate } from './article-date';
import type { ArticleListItem } from './my-articles-api';

interface ArticleCardProps {
  article: ArticleListItem;
  onOpen: (article: ArticleListItem) => void;
  onDelete: (article: ArticleListItem) => void;
}

export function ArticleCard({ article, onOpen, onDelete }: ArticleCardProps) {
  const [imageBroken, setImageBroken] = useState(false);
  const title = articleListTitle(article.title, article.summary);
  const showImage = Boolean(article.imageUrl) && !imageBroken;

  // NOTE: the menu sits beside the main button, not inside it: a button may not hold another.
  return (
    <li data-testid="article-card" className="relative">
      <button
        type="button"
        onClick={() => onOpen(article)}
        className="group flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {showImage ? (
          <img
            src={article.imageUrl ?? undefined}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setImageBroken(true)}
            className="aspect-video w-full bg-slate-100 object-contain"
          />
        ) : (
          <div data-testid="image-placeholder" aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-slate-100">
            <FileText className="size-10 text-slate-300" />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col p-4">
          <h3 className="line-clamp-2 font-semibold break-words text-slate-900 group-hover:text-indigo-700">{title}</h3>
          <p className="mt-2 line-clamp-3 text-sm break-words text-slate-500">{articleListSummary(article.summary)}</p>
          <p className="mt-auto flex items-center gap-1.5 pt-3 text-xs text-slate-400">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <time dateTime={article.createTime}>{zhDate(article.createTime)}</time>
          </p>
        </div>
      </button>
      <ArticleCardMenu onDelete={() => onDelete(article)} />
    </li>
  );
}
