import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { buttonClass } from '../../components/ui/button-styles';
import { PageSpinner } from '../../components/ui/Spinner';
import { EditorRepurposeBar } from '../../features/repurpose/EditorRepurposeBar';
import { ArticleEditor } from './ArticleEditor';
import { EditorMessage } from './EditorMessage';
import { useArticleText } from './use-article-text';

// The article's publishing line loads after the editor: nothing of publishing is in the editor's own chunk.
const EditorPublishStatus = lazy(() => import('../../features/wechat-publish/EditorPublishStatus'));

/** Our online editor: `/editor?articleId=&deepspaceId=`, opened in a new tab from my articles. */
export function EditorPage() {
  const [params] = useSearchParams();
  const { user } = useAuth();
  const articleId = params.get('articleId')?.trim() ?? '';
  const ownerId = params.get('deepspaceId')?.trim();

  let body: ReactNode;
  if (!articleId) body = <EditorMessage title="缺少文章ID" message="请从我的文章中选择要编辑的文章" />;
  // The server checks ownership on every call anyway; this only spares a doomed request.
  else if (ownerId && user && ownerId !== String(user.deepspaceId))
    body = <EditorMessage title="无权编辑该文章" message="这篇文章不属于当前登录的账号" />;
  else body = <EditorLoader key={articleId} articleId={articleId} />;

  return <div className="bg-slate-50 px-3 py-4 sm:px-6 sm:py-6">{body}</div>;
}

function EditorLoader({ articleId }: { articleId: string }) {
  const { state, retry } = useArticleText(articleId);
  switch (state.status) {
    case 'loading':
      return <PageSpinner label="正在加载文章..." />;
    case 'not-found':
      return <EditorMessage title="未找到文章" message="文章不存在，或已被删除" />;
    case 'failed':
      return (
        <EditorMessage title="加载失败" message={state.message}>
          <button type="button" onClick={retry} className={buttonClass('primary')}>
            重试
          </button>
        </EditorMessage>
      );
    case 'ready':
      return (
        <div className="mx-auto max-w-screen-2xl">
          <EditorRepurposeBar articleId={articleId} content={state.content} />
          {/* The latest publication to an official account, if any, just above the toolbar. */}
          <Suspense fallback={null}>
            <EditorPublishStatus articleId={articleId} />
          </Suspense>
          <ArticleEditor articleId={articleId} initialContent={state.content} />
        </div>
      );
  }
}
