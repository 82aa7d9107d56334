import { CircleAlert } from 'lucide-react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { PAGE_CONTAINER } from '../components/layout/page-container';
import { buttonClass } from '../components/ui/button-styles';
import { isChunkLoadError } from './chunk-load-error';

export const ROUTE_ERROR_TEXT = {
  title: '页面出了点问题',
  chunkTitle: '页面没有加载成功',
  body: '这不是你的操作造成的。可以重试一次；如果仍然不行，请稍后再来。',
  chunkBody: '网络不稳定，或网站刚刚更新过。重试会重新加载这个页面，已保存的内容不会丢失。',
  retry: '重试',
  home: '返回首页',
} as const;

/**
 * What a page shows instead of itself when it fails to render or its chunk fails to load: the
 * header and footer stay (this sits inside the layout), the user gets a plain Chinese sentence and
 * a retry. A chunk that failed to load is cached as failed by React.lazy, so its retry reloads the
 * document (a deploy may have renamed the chunk); any other failure is retried by showing the route
 * again, which resets this boundary.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunk = isChunkLoadError(error);
  const retry = () => {
    if (chunk) window.location.reload();
    else void navigate(location, { replace: true });
  };
  return (
    <section role="alert" className={`${PAGE_CONTAINER} flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center`}>
      {/* The toasts' icon: one the entry chunk already has. */}
      <CircleAlert aria-hidden="true" className="size-10 text-amber-500" />
      <h1 className="text-xl font-semibold text-slate-900">{chunk ? ROUTE_ERROR_TEXT.chunkTitle : ROUTE_ERROR_TEXT.title}</h1>
      <p className="max-w-md text-sm leading-6 text-slate-500">{chunk ? ROUTE_ERROR_TEXT.chunkBody : ROUTE_ERROR_TEXT.body}</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass('primary')} onClick={retry}>
          {ROUTE_ERROR_TEXT.retry}
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          {ROUTE_ERROR_TEXT.home}
        </Link>
      </div>
    </section>
  );
}
