import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchVersions, fetchVersionText, restoreVersion } from './versions-api';

/** The article's versions, newest first; read again each time the panel opens. */
export function useVersionList(articleId: string) {
  return useQuery({
    queryKey: queryKeys.articles.versions(articleId),
    queryFn: ({ signal }) => fetchVersions(articleId, signal),
    staleTime: 0,
  });
}

/** One version's markdown; a version never changes, so what was read stays good. */
export function useVersionText(articleId: string, versionId: string | null) {
  return useQuery({
    queryKey: queryKeys.articles.version(articleId, versionId ?? ''),
    queryFn: ({ signal }) => fetchVersionText(articleId, versionId ?? '', signal),
    enabled: versionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

interface RestoreInput {
  versionId: string;
  /** The version's text, already read for the compare: what the article becomes. */
  content: string;
}

/**
 * Restores a version. The article's text is now the version's: the editor gets it at once
 * (`onRestored`), and the cached text, the list of my articles and the versions are read again.
 */
export function useRestoreVersion(articleId: string, onRestored: (content: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['restore-version', articleId],
    mutationFn: ({ versionId }: RestoreInput) => restoreVersion(articleId, versionId),
    onSuccess: async (_, { content }) => {
      onRestored(content);
      // The family's prefix: the article's text (articles.text), its versions (articles.versions)
      // and my articles' pages, in one pass (one call per key would cancel each other's refetches).
      await queryClient.invalidateQueries({ queryKey: queryKeys.articles.all });
    },
  });
}
