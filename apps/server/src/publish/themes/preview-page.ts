import { articleHeading, DEFAULT_WECHAT_THEME, isWechatThemeId, WECHAT_THEMES } from '@tianma/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Auth } from '../../accounts/auth.js';
import { findOwnArticle } from '../../articles/owner-articles.js';
import type { StorageConfig } from '../../config/config-types.js';
import type { Db } from '../../platform/db/index.js';
import { escapeHtml } from '../../platform/escape-html.js';
import { framedPreviewDirectives, serializeDirectives } from '../../platform/http/security-headers.js';
import { renderWechatHtml } from './render-wechat.js';

export interface PreviewPageDeps {
  db: Db;
  auth: Auth;
  publicUrl: string;
  storage: StorageConfig;
}

/** The same pattern as assertArticleId (articles/public-article.ts), answered here as a page instead of JSON. */
const ARTICLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Each theme chip loads the page once: a person switching themes stays far below this. */
const PREVIEW_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

const FONT = `-apple-system,BlinkMacSystemFont,'Helvetica Neue','PingFang SC','Hiragino Sans GB','Microsoft YaHei UI','Microsoft YaHei',Arial,sans-serif`;
/** The article page of WeChat on a phone: white, 16 px side margins, the title bold at 22 px above the body. */
const BODY_STYLE = `margin:0;background:#fff;-webkit-text-size-adjust:100%;text-size-adjust:100%;font-family:${FONT}`;
const AREA_STYLE = 'width:100%;box-sizing:border-box;padding:20px 16px 40px';
const TITLE_STYLE = 'margin:0 0 14px;font-size:22px;line-height:1.4;font-weight:700;color:rgba(0,0,0,0.9);word-wrap:break-word';
const CONTENT_STYLE = 'width:100%;overflow-x:hidden;word-wrap:break-word';
const MESSAGE_STYLE = 'margin:40px 16px;font-size:15px;line-height:1.6;color:rgba(0,0,0,0.5);text-align:center';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} - 公众号排版预览</title></head><body style="${BODY_STYLE}">${body}</body></html>`;
}

/** The page's own policy replaces the app's; framing by the app itself is allowed (the app's own X-Frame-Options is DENY). */
function send(reply: FastifyReply, deps: PreviewPageDeps, status: number, html: string) {
  return reply
    .code(status)
    .header('Content-Security-Policy', serializeDirectives(framedPreviewDirectives(deps)))
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const message = (text: string) => page(text, `<p style="${MESSAGE_STYLE}">${escapeHtml(text)}</p>`);

/**
 * GET /preview/wechat/{articleId}?theme={id} (decision 072): the owner's saved article in a WeChat
 * layout theme, as a phone shows it, for the app's 公众号排版 dialog to frame. Errors are pages too
 * (the frame shows them): signed out 401 请先登录, another user's or a missing article 404, an
 * unknown theme 400.
 */
export function registerPreviewPage(app: FastifyInstance, deps: PreviewPageDeps): void {
  app.get<{ Params: { articleId: string }; Querystring: { theme?: unknown } }>(
    '/preview/wechat/:articleId',
    { config: PREVIEW_LIMIT },
    async (request, reply) => {
      const current = await deps.auth.currentUser(request, reply);
      if (!current) return send(reply, deps, 401, message('请先登录，再预览公众号排版'));
      const theme = request.query.theme ?? DEFAULT_WECHAT_THEME;
      if (!isWechatThemeId(theme)) {
        return send(reply, deps, 400, message(`未知的排版主题，可选：${WECHAT_THEMES.map((item) => item.id).join('、')}`));
      }
      const { articleId } = request.params;
      const row = ARTICLE_ID.test(articleId) ? await findOwnArticle(deps.db, current.user.id, articleId) : undefined;
      if (!row) return send(reply, deps, 404, message('未找到文章'));
      const title = row.title.trim() || articleHeading(row.content) || '未命名文章';
      return send(reply, deps, 200, previewHtml(title, renderWechatHtml(row.content, theme, { publicUrl: deps.publicUrl })));
    },
  );
}

/** The page around the themed HTML (which renderWechatHtml has already escaped). */
export function previewHtml(title: string, themedHtml: string): string {
  return page(
    title,
    `<div style="${AREA_STYLE}"><h1 style="${TITLE_STYLE}">${escapeHtml(title)}</h1><div style="${CONTENT_STYLE}">${themedHtml}</div></div>`,
  );
}
