import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { editorUrl } from '../../lib/editor-link';
import { findArticleOrigin, originQueryKey } from './article-origin';

/** 「小红书笔记 · 由《源文章》改写」 above a repurposed article in the editor, the title a link back. */
export function ArticleOriginLine({ articleId }: { articleId: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const deepspaceId = user?.deepspaceId;
  const origin = useQuery({
    queryKey: originQueryKey(articleId),
    queryFn: () => findArticleOrigin(queryClient, articleId),
    enabled: typeof deepspaceId === 'number',
    staleTime: 5 * 60_000,
  }).data;
  if (!origin || deepspaceId === undefined) return null;
  return (
    <p data-testid="article-origin" className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
      <Shuffle aria-hidden="true" className="size-4 shrink-0 text-indigo-500" />
      <span className="min-w-0 break-words">
        <span className="font-medium text-slate-800">{origin.platform.label}</span>
        {' · '}
        {origin.sourceTitle === null ? (
          '由已删除的文章改写'
        ) : (
          <>
            由《
            <Link to={editorUrl(origin.sourceArticleId, deepspaceId)} className="font-medium text-indigo-600 underline-offset-2 hover:underline">
              {origin.sourceTitle}
            </Link>
            》改写
          </>
        )}
      </span>
    </p>
  );
}
