import { articleListSummary, articleListTitle } from '@tianma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, FileText, Lock } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { LazyRepurposeDialog } from '../../features/repurpose/LazyRepurposeDialog';
import { RepurposeTag } from '../../features/repurpose/RepurposeTag';
import { ShareButton } from '../../features/share/ShareButton';
import { articleTextQuery } from '../editor/use-article-text';
import { ArticleCardMenu } from './ArticleCardMenu';
import { formatWordCount } from '../../lib/word-count';
import { zhDate } from './article-date';
import type { ArticleListItem } from './my-articles-api';

export const SAMPLE_REPURPOSE_HINT = '这是示例文章，仅供展示，无法一稿多发';

interface ArticleCardProps {
  article: ArticleListItem;
  onOpen: (article: ArticleListItem) => void;
  onDelete: (article: ArticleListItem) => void;
  onSetVisibility: (article: ArticleListItem, isPublic: boolean) => Promise<void>;
  /** Set for the built-in samples: sharing only shows this hint. */
  shareRefusal?: string;
}

/**
 * Its place among the user's articles on the same topic, when there are several (decision 057):
 * each generation is its own article, so the earlier versions stay in the list, numbered.
 */
export function versionOf(article: ArticleListItem): { version: number; versions: number } | null {
  const { version, versions } = article;
  if (typeof version !== 'number' || typeof versions !== 'number' || versions < 2) return null;
  return { version, versions };
}

export function ArticleCard({ article, onOpen, onDelete, onSetVisibility, shareRefusal }: ArticleCardProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [imageBroken, setImageBroken] = useState(false);
  const [repurposing, setRepurposing] = useState(false);
  const title = articleListTitle(article.title, article.summary);
  const showImage = Boolean(article.imageUrl) && !imageBroken;
  // Articles are public unless their owner turned the link off; older answers omit the flag.
  const isPublic = article.isPublic !== false;
  const version = versionOf(article);

  // A sample (shareRefusal is set for them) never reaches the server.
  const repurpose = () => {
    if (shareRefusal) return toast.info(SAMPLE_REPURPOSE_HINT);
    if (!article.articleId) return toast.info('文章ID缺失，无法一稿多发');
    setRepurposing(true);
  };

  // NOTE: the menu and the share button sit beside the main button, not inside it: a button may
  // not hold another.
  return (
    <li data-testid="article-card" className="relative">
      <button
        type="button"
        onClick={() => onOpen(article)}
        className="group flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {/* The cover fills its 16:9 frame whatever its own shape, never letterboxed: a 2.35:1 WeChat
            cover is cropped from its left edge, a 3:4 Xiaohongshu one about its middle, the parts
            where the server's card renderer keeps the title (coverSafeArea). */}
        {showImage ? (
          <div data-testid="article-cover" className="aspect-video w-full overflow-hidden bg-slate-100">
            <img
              src={article.imageUrl ?? undefined}
              alt=""
              loading="lazy"
              referrerPolicy="no-referrer"
              onError={() => setImageBroken(true)}
              className="size-full object-cover object-left"
            />
          </div>
        ) : (
          <div data-testid="image-placeholder" aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-slate-100">
            <FileText className="size-10 text-slate-300" />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col p-4">
          <p className="mb-1.5 flex min-w-0 items-center gap-1.5 empty:hidden">
            <RepurposeTag article={article} />
            {version && (
              <span
                data-testid="version-badge"
                title={`同一主题共 ${version.versions} 版${article.topic ? `：${article.topic}` : ''}`}
                className="inline-flex items-center rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700"
              >
                第 {version.version} 版<span className="sr-only">，共 {version.versions} 版</span>
              </span>
            )}
          </p>
          <h3 className="line-clamp-2 font-semibold break-words text-slate-900 group-hover:text-indigo-700">{title}</h3>
          <p className="mt-2 line-clamp-3 text-sm break-words text-slate-500">{articleListSummary(article.summary)}</p>
          <p className="mt-auto flex items-center gap-1.5 pt-3 pr-20 text-xs text-slate-400">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <time dateTime={article.createTime}>{zhDate(article.createTime)}</time>
            {typeof article.wordCount === 'number' && article.wordCount > 0 && (
              <span data-testid="article-card-word-count" className="ml-1">
                · {formatWordCount(article.wordCount)} 字
              </span>
            )}
            {!isPublic && (
              <span data-testid="private-badge" className="ml-1 inline-flex items-center gap-0.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-slate-500">
                <Lock aria-hidden="true" className="size-3" />
                未公开
              </span>
            )}
          </p>
        </div>
      </button>
      <div className="absolute right-3 bottom-3">
        <ShareButton
          size="small"
          articleId={article.articleId}
          markdown={() => queryClient.fetchQuery(articleTextQuery(article.articleId))}
          imageUrl={article.imageUrl}
          isPublic={isPublic}
          onMakePublic={() => onSetVisibility(article, true)}
          refuseWith={shareRefusal}
        />
      </div>
      <ArticleCardMenu
        onDelete={() => onDelete(article)}
        isPublic={isPublic}
        onToggleVisibility={() => onSetVisibility(article, !isPublic)}
        onRepurpose={repurpose}
      />
      {repurposing && <LazyRepurposeDialog articleId={article.articleId} title={title} onClose={() => setRepurposing(false)} />}
    </li>
  );
}
