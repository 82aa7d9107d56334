import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { articleListTitle } from '@tianma/shared';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ArticleListItem, ArticlePage } from '../../pages/my-articles/my-articles-api';
import { platformInfo, type PlatformInfo } from './platforms';
import { fetchArticleMeta, fetchArticleTitle } from './repurpose-api';

/** Where a repurposed article came from, as its my-articles item says (API.md: repurposedFor, sourceArticleId). */
export interface RepurposeLink {
  platform: PlatformInfo;
  sourceArticleId: string;
}

export interface ArticleOrigin extends RepurposeLink {
  /** Null when the source is gone (deleted). */
  sourceTitle: string | null;
}

/** The platform and source of a list item, or null for an original (or a platform this web does not know). */
export function repurposeLinkOf(item: ArticleListItem): RepurposeLink | null {
  const { repurposedFor, sourceArticleId } = item;
  const platform = platformInfo(repurposedFor);
  return platform && sourceArticleId ? { platform, sourceArticleId } : null;
}

function linkOf(meta: { repurposedFor: string | null; sourceArticleId: string | null }): RepurposeLink | null {
  const platform = platformInfo(meta.repurposedFor);
  return platform && meta.sourceArticleId ? { platform, sourceArticleId: meta.sourceArticleId } : null;
}

export function originQueryKey(articleId: string) {
  return [...queryKeys.articles.all, 'origin', articleId] as const;
}

export function loadedListItems(queryClient: QueryClient): ArticleListItem[] {
  return queryClient
    .getQueriesData<InfiniteData<ArticlePage, number>>({ queryKey: queryKeys.articles.allPages })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? []);
}

/**
 * The origin of `articleId`, kept cheap: its item from the lists already loaded, else the article's
 * own answer (which names its platform and source); the source's title from the lists too, else
 * from one metadata call. Null for an original.
 */
export async function findArticleOrigin(queryClient: QueryClient, articleId: string): Promise<ArticleOrigin | null> {
  const items = loadedListItems(queryClient);
  const item = items.find((entry) => entry.articleId === articleId);
  const link = item ? repurposeLinkOf(item) : linkOf(await fetchArticleMeta(articleId));
  if (!link) return null;
  const source = items.find((entry) => entry.articleId === link.sourceArticleId);
  if (source) return { ...link, sourceTitle: articleListTitle(source.title, source.summary) };
  try {
    const title = await fetchArticleTitle(link.sourceArticleId);
    return { ...link, sourceTitle: articleListTitle(title, '') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ...link, sourceTitle: null };
    throw error;
  }
}
