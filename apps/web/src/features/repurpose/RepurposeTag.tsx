import { useQueryClient } from '@tanstack/react-query';
import { articleListTitle } from '@tianma/shared';
import type { ArticleListItem } from '../../pages/my-articles/my-articles-api';
import { loadedListItems, repurposeLinkOf } from './article-origin';

/**
 * On a my-articles card of a repurposed article: the platform's tag and 源自《…》 when the source
 * is on the lists already read (no call for it; the editor names it either way).
 */
export function RepurposeTag({ article }: { article: ArticleListItem }) {
  const queryClient = useQueryClient();
  const link = repurposeLinkOf(article);
  if (!link) return null;
  const source = loadedListItems(queryClient).find((item) => item.articleId === link.sourceArticleId);
  const from = source ? `源自《${articleListTitle(source.title, source.summary)}》` : '源自另一篇文章';
  return (
    <>
      <span data-testid="platform-tag" className="inline-flex shrink-0 items-center rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-700">
        {link.platform.tag}
      </span>
      <span data-testid="repurposed-from" className="min-w-0 truncate text-xs text-slate-500" title={from}>
        {from}
      </span>
    </>
  );
}
