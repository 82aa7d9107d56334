import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { REQUEST_FAILED_MESSAGE } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { saveArticleText } from './article-api';
import { contentProblem } from './editor-text';

/**
 * Saving of the editor's content. `saved` is the text the server last accepted, so edits made
 * while a save is on its way still count as unsaved afterwards.
 */
export function useArticleSave(articleId: string, initialContent: string) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initialContent);
  const mutationKey = ['save-article', articleId];
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ content, revisionId }: { content: string; revisionId?: string }) => saveArticleText(articleId, content, revisionId),
    onSuccess: (_, { content }) => {
      setSaved(content);
      toast.success('保存成功');
      // The text is known; the list's title, summary and word count are the server's to redo.
      queryClient.setQueryData(queryKeys.articles.text(articleId), content);
      void queryClient.invalidateQueries({ queryKey: queryKeys.articles.allPages });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : REQUEST_FAILED_MESSAGE),
  });

  /** Saves `content`; `revisionId` names an accepted AI action in it. Answers whether it was saved. */
  const save = async (content: string, revisionId?: string): Promise<boolean> => {
    // NOTE: the cache, not `isPending`, which reaches the component a render later: a second
    // Ctrl+S right after the first must not send the text twice.
    if (queryClient.isMutating({ mutationKey }) > 0 || contentProblem(content) !== null) return false;
    return mutation.mutateAsync({ content, revisionId }).then(
      () => true,
      () => false,
    );
  };

  /** The server holds `content` already (a restored version): it is the saved text now. */
  const markSaved = (content: string) => {
    setSaved(content);
    queryClient.setQueryData(queryKeys.articles.text(articleId), content);
  };

  return { saved, saving: mutation.isPending, save, markSaved };
}
