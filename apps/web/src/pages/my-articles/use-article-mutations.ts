import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { type ArticleListItem, type ArticlePage, deleteArticle, setArticleVisibility } from './my-articles-api';

/** Edits the cards of every loaded list in place, at once, without asking the server again. */
function editLists(queryClient: QueryClient, edit: (items: ArticleListItem[]) => ArticleListItem[]) {
  queryClient.setQueriesData<InfiniteData<ArticlePage, number>>({ queryKey: queryKeys.articles.allPages }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: edit(page.items) })) } : data,
  );
}

/**
 * Deletes an article; once the server has, its card goes at once, and the lists are read again in
 * the background (the pages after it have moved up by one).
 */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_, articleId) => {
      editLists(queryClient, (items) => items.filter((item) => item.articleId !== articleId));
      queryClient.removeQueries({ queryKey: queryKeys.articles.text(articleId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.articles.all });
    },
  });
}

/** Turns the share link on or off; the card follows the server's answer. */
export function useSetArticleVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ articleId, isPublic }: { articleId: string; isPublic: boolean }) => setArticleVisibility(articleId, isPublic),
    onSuccess: (answer, { articleId }) => {
      editLists(queryClient, (items) => items.map((item) => (item.articleId === articleId ? { ...item, isPublic: answer.isPublic } : item)));
    },
  });
}
