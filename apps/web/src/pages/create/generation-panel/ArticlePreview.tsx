import { Copy, FileText, MessageSquareText, PenLine, ThumbsDown, ThumbsUp } from 'lucide-react';
import { absoluteMarkdownUrls } from '@tianma/shared';
import { useState } from 'react';
import { useAuth } from '../../../auth/auth-context';
import { MarkdownView } from '../../../components/markdown/MarkdownView';
import { useToast } from '../../../components/toast/toast-context';
import { buttonClass } from '../../../components/ui/button-styles';
import { ExportMenu } from '../../../features/exports/ExportMenu';
import type { ArticleMeta } from '../../../features/generation/tracking-types';
import { ShareButton } from '../../../features/share/ShareButton';
import { openEditor } from '../../../lib/editor-link';
import { articleWordCount, formatWordCount } from '../../../lib/word-count';
import { formatGeneratedAt } from './article-info';
import { FEEDBACK_THANKS_TEXT, type FeedbackType, feedbackErrorText, submitFeedback } from './feedback-api';
import { FeedbackModal } from './FeedbackModal';

interface ArticlePreviewProps {
  article: string;
  articleId: string | null;
  meta: ArticleMeta | null;
}

export const COPY_OK_TEXT = '已复制到剪贴板';
export const COPY_FAILED_TEXT = '复制失败，请重试';
export const NO_ARTICLE_ID_TEXT = '文章ID不存在，无法打开在线编辑';
export const LIKE_CONTENT = '文章不错';

const ACTION = buttonClass('secondary', 'px-3 py-2');

/**
 * The finished article (content-creation §2, Completed): markdown, facts and the actions. Edit,
 * copy, export and share sit in a bar at the top that stays in view under the site header while a
 * long article scrolls (issue 17); the feedback buttons close the article.
 */
export function ArticlePreview({ article, articleId, meta }: ArticlePreviewProps) {
  const toast = useToast();
  const { user } = useAuth();
  const [liking, setLiking] = useState(false);
  // undefined: closed; null: open with no type chosen yet.
  const [feedbackType, setFeedbackType] = useState<FeedbackType | null | undefined>(undefined);

  // Counted from the text shown, by the rule the server stores and the editor and my articles show.
  const wordCount = articleWordCount(article);
  const generatedAt = formatGeneratedAt(meta?.createdAt);

  const edit = () => {
    if (!articleId) {
      toast.info(NO_ARTICLE_ID_TEXT);
      return;
    }
    if (!user) {
      toast.info('请先登录');
      return;
    }
    openEditor(articleId, user.deepspaceId);
  };

  const copy = async () => {
    try {
      // Pasted elsewhere, the markdown keeps its pictures: our paths become absolute on this site.
      await navigator.clipboard.writeText(absoluteMarkdownUrls(article, window.location.origin));
      toast.success(COPY_OK_TEXT);
    } catch {
      toast.error(COPY_FAILED_TEXT);
    }
  };

  const like = async () => {
    setLiking(true);
    try {
      await submitFeedback({ type: 'like', content: LIKE_CONTENT, articleId });
      toast.success(FEEDBACK_THANKS_TEXT);
    } catch (error) {
      toast.error(feedbackErrorText(error));
    } finally {
      setLiking(false);
    }
  };

  return (
    <article data-testid="article-preview" className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 pt-4 text-sm text-slate-500 sm:px-6">
        <span className="inline-flex items-center gap-1.5 font-medium text-slate-700">
          <FileText aria-hidden="true" className="size-4" />
          文章预览
        </span>
        <span data-testid="article-word-count">字数：{formatWordCount(wordCount)}</span>
        {generatedAt && <span data-testid="article-generated-at">生成时间：{generatedAt}</span>}
      </header>

      <div
        data-testid="article-actions"
        role="toolbar"
        aria-label="文章操作"
        className="sticky top-16 z-10 flex flex-wrap gap-2 border-b border-slate-100 bg-white/95 px-5 py-3 backdrop-blur sm:px-6"
      >
        <button type="button" className={buttonClass('primary', 'px-3 py-2')} onClick={edit}>
          <PenLine aria-hidden="true" className="size-4" />
          在线编辑
        </button>
        <button type="button" className={ACTION} onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          复制全文
        </button>
        <ExportMenu articleId={articleId} />
        <ShareButton articleId={articleId} markdown={article} />
      </div>

      {meta?.offline && (
        <div data-testid="offline-label" className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-2.5 text-xs text-slate-500 sm:px-6">
          <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-700">离线写作</span>
          <span>本文由内置离线写作引擎生成，未调用大模型</span>
        </div>
      )}

      <div className="overflow-x-auto px-5 py-5 sm:px-6">
        <MarkdownView markdown={article} />
      </div>

      <footer className="border-t border-slate-100 px-5 py-4 sm:px-6">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ACTION} onClick={like} disabled={liking}>
            <ThumbsUp aria-hidden="true" className="size-4" />
            文章不错
          </button>
          <button type="button" className={ACTION} onClick={() => setFeedbackType('dislike')}>
            <ThumbsDown aria-hidden="true" className="size-4" />
            不符合预期
          </button>
          <button type="button" className={ACTION} onClick={() => setFeedbackType(null)}>
            <MessageSquareText aria-hidden="true" className="size-4" />
            详细反馈
          </button>
        </div>
      </footer>

      {feedbackType !== undefined && (
        <FeedbackModal articleId={articleId} initialType={feedbackType} onClose={() => setFeedbackType(undefined)} />
      )}
    </article>
  );
}
