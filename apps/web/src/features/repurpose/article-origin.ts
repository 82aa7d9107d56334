import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { articleListTitle } from '@tianma/shared';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ArticleListItem, ArticlePage } from '../../pages/my-articles/my-articles-api';
import { articlePagesQuery } from '../../pages/my-articles/use-my-articles';
import { platformInfo, type PlatformInfo } from './platforms';
import { fetchArticleTitle } from './repurpose-api';

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

export function originQueryKey(articleId: string) {
  return [...queryKeys.articles.all, 'origin', articleId] as const;
}

export function loadedListItems(queryClient: QueryClient): ArticleListItem[] {
  return queryClient
    .getQueriesData<InfiniteData<ArticlePage, number>>({ queryKey: queryKeys.articles.allPages })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? []);
}

/**
 * The origin of `articleId`, kept cheap: its item from the lists already loaded, else from the first
 * page of my articles (where a new version sits); the source's title from those lists too, else from
 * one metadata call. Null for an original, or an article not on the lists read.
 */
export async function findArticleOrigin(queryClient: QueryClient, articleId: string, deepspaceId: number): Promise<ArticleOrigin | null> {
  let items = loadedListItems(queryClient);
  if (!items.some((item) => item.articleId === articleId)) {
    await queryClient.ensureInfiniteQueryData(articlePagesQuery(deepspaceId));
    items = loadedListItems(queryClient);
  }
  const item = items.find((entry) => entry.articleId === articleId);
  const link = item ? repurposeLinkOf(item) : null;
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
