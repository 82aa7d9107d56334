import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { articleHeading, SHARED_ARTICLE_HIDDEN_TEXT, SITE } from '@tianma/shared';
import { CalendarClock, EyeOff, FileQuestion, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { MarkdownView } from '../../components/markdown/MarkdownView';
import { buttonClass } from '../../components/ui/button-styles';
import { PageSpinner } from '../../components/ui/Spinner';
import { applyShareMeta, shareContentOf, shareTitleOf } from '../../features/share/share-content';
import { ShareButton } from '../../features/share/ShareButton';
import { configureWeChatShare, isWeChatBrowser } from '../../features/share/wechat-sdk';
import { queryKeys } from '../../lib/query-keys';
import { formatGeneratedAt } from '../create/generation-panel/article-info';
import { fetchSharedArticle, type HIDDEN_ARTICLE, SHARED_ARTICLE_NOT_FOUND_TEXT, type SharedArticle, sharedArticleErrorText, sharedThemeStylesheetPath } from './shared-article-api';

export const SHARED_FOOTER_TEXT = '本文由 AI 生成，由天马Agent创作平台提供技术支持';
export const LOAD_FAILED_TITLE = '加载失败';

type PageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-found' }
  | { status: 'hidden' }
  | { status: 'loaded'; article: SharedArticle };

function pageStateOf({ data, error, isError }: UseQueryResult<SharedArticle | typeof HIDDEN_ARTICLE | null>): PageState {
  if (data && 'hidden' in data) return { status: 'hidden' };
  if (data) return { status: 'loaded', article: data };
  if (data === null) return { status: 'not-found' };
  if (isError) return { status: 'error', message: sharedArticleErrorText(error) };
  return { status: 'loading' };
}

/** The title shown and shared: the server's, else the first # heading, else the share-title rule. */
export function sharedTitle(article: SharedArticle): string {
  return article.title || articleHeading(article.content) || shareTitleOf(article.content);
}

/** The body without its leading # heading when that only repeats the title shown above it. */
export function bodyWithoutTitle(markdown: string, title: string): string {
  const match = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/.exec(markdown);
  if (match?.[1] && articleHeading(match[0]) === title) return markdown.slice(match[0].length);
  return markdown;
}

/** /shared/article/:articleId — an article anyone with the link may read (spec §2, §4, §8). */
export function SharedArticlePage() {
  const { articleId = '' } = useParams();
  const query = useQuery({
    queryKey: queryKeys.sharedArticle(articleId),
    queryFn: ({ signal }) => fetchSharedArticle(articleId, signal),
  });
  const state = pageStateOf(query);

  const loaded = state.status === 'loaded' ? state.article : null;
  const pageTitle = loaded ? sharedTitle(loaded) : state.status === 'not-found' ? SHARED_ARTICLE_NOT_FOUND_TEXT : state.status === 'hidden' ? SHARED_ARTICLE_HIDDEN_TEXT : null;

  useEffect(() => {
    if (pageTitle === null) return;
    const previous = document.title;
    document.title = `${pageTitle} - ${SITE.name}`;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);

  // The share tags, and inside WeChat the ⋯ menu's cards for friends and the timeline.
  useEffect(() => {
    if (!loaded) return;
    const content = shareContentOf({ articleId: loaded.articleId, markdown: loaded.content, imageUrl: loaded.imageUrl });
    applyShareMeta(content);
    if (!isWeChatBrowser()) return;
    configureWeChatShare(content).catch((error: unknown) => console.warn('[share] WeChat share menu not configured', error));
  }, [loaded]);

  return <div className="min-w-0 bg-slate-50 px-4 py-8 sm:py-12">{renderState(state)}</div>;
}

function renderState(state: PageState) {
  switch (state.status) {
    case 'loading':
      return <PageSpinner label="正在加载文章..." />;
    case 'error':
      return (
        <Notice testId="shared-error" icon={<TriangleAlert aria-hidden="true" className="size-10 text-red-400" />} title={LOAD_FAILED_TITLE}>
          <p role="alert" className="mt-2 text-sm break-words text-slate-500">
            {state.message}
          </p>
        </Notice>
      );
    case 'not-found':
      return (
        <Notice testId="shared-not-found" icon={<FileQuestion aria-hidden="true" className="size-10 text-slate-300" />} title={SHARED_ARTICLE_NOT_FOUND_TEXT}>
          <p className="mt-2 text-sm text-slate-500">链接可能已失效，或作者已关闭公开访问</p>
        </Notice>
      );
    case 'hidden':
      return (
        <Notice testId="shared-hidden" icon={<EyeOff aria-hidden="true" className="size-10 text-slate-300" />} title={SHARED_ARTICLE_HIDDEN_TEXT}>
          <p className="mt-2 text-sm text-slate-500">该文章不符合平台内容规范，已暂停公开访问</p>
        </Notice>
      );
    case 'loaded':
      return <SharedArticleView article={state.article} />;
  }
}

function Notice({ testId, icon, title, children }: { testId: string; icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div data-testid={testId} className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      {icon}
      <h1 className="mt-4 text-lg font-semibold text-slate-900">{title}</h1>
      {children}
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        去天马首页看看
      </Link>
    </div>
  );
}

/** The theme's stylesheet in the head while the page shows (the CSP allows stylesheets from 'self' only). */
function useThemeStylesheet(theme: SharedArticle['theme']) {
  useEffect(() => {
    if (!theme) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = sharedThemeStylesheetPath(theme);
    link.dataset.testid = 'shared-theme-stylesheet';
    document.head.append(link);
    return () => link.remove();
  }, [theme]);
}

function SharedArticleView({ article }: { article: SharedArticle }) {
  useThemeStylesheet(article.theme);
  const title = sharedTitle(article);
  const generatedAt = formatGeneratedAt(article.createTime ?? undefined);
  return (
    <article data-testid="shared-article" className="mx-auto max-w-3xl min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-100 px-5 py-6 sm:px-8">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title}</h1>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          {generatedAt ? (
            <p data-testid="shared-article-time" className="flex items-center gap-1.5 text-sm text-slate-500">
              <CalendarClock aria-hidden="true" className="size-4" />
              <time dateTime={article.createTime ?? undefined}>{generatedAt}</time>
            </p>
          ) : (
            <span />
          )}
          <ShareButton articleId={article.articleId} markdown={article.content} imageUrl={article.imageUrl} />
        </div>
      </header>
      <div className="overflow-x-auto px-5 py-6 sm:px-8">
        <MarkdownView markdown={bodyWithoutTitle(article.content, title)} className={article.theme ? `wx-theme-${article.theme}` : ''} />
      </div>
      <footer className="border-t border-slate-100 px-5 py-4 text-center text-xs text-slate-400 sm:px-8">{SHARED_FOOTER_TEXT}</footer>
    </article>
  );
}
