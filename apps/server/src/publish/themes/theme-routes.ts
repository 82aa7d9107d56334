import { DEFAULT_WECHAT_THEME, isWechatThemeId, WECHAT_THEMES, type WechatThemeId } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { type PreviewPageDeps, registerPreviewPage } from './preview-page.js';
import { renderWechatHtml } from './render-wechat.js';
import { themeStylesheet } from './theme-stylesheet.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WeChat layout of an article's markdown, images made absolute to the site's address (decision 072). */
    wechatLayout: WechatLayout;
  }
}

export interface WechatLayout {
  render(markdown: string, theme: WechatThemeId): string;
}

export type ThemeRouteDeps = PreviewPageDeps;

/**
 * The `theme` query parameter: missing means the article's own theme (`fallback`, its
 * wechat_theme) or else the default; anything else must name a theme.
 */
export function parseThemeParam(value: unknown, fallback?: string | null): WechatThemeId {
  if (value === undefined) return isWechatThemeId(fallback) ? fallback : DEFAULT_WECHAT_THEME;
  if (isWechatThemeId(value)) return value;
  const known = WECHAT_THEMES.map((theme) => theme.id).join('、');
  throw new AppError('BAD_REQUEST', `未知的排版主题，可选：${known}`);
}

export function registerThemeRoutes(app: FastifyInstance, deps: ThemeRouteDeps): void {
  app.decorate('wechatLayout', { render: (markdown: string, theme: WechatThemeId) => renderWechatHtml(markdown, theme, { publicUrl: deps.publicUrl }) });

  // Public: the web's theme picker and the share page read it before sign-in.
  app.get('/api/v1/themes', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { success: true, data: WECHAT_THEMES.map(({ id, name }) => ({ id, name })) };
  });

  // The theme as a stylesheet, for the share page of an article that has one (its CSP takes
  // stylesheets from 'self' only, never inline styles).
  app.get<{ Params: { id: string } }>('/api/v1/themes/:id/share.css', async (request, reply) => {
    const { id } = request.params;
    if (!isWechatThemeId(id)) throw new AppError('NOT_FOUND', '未找到该排版主题');
    reply.header('Content-Type', 'text/css; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=3600');
    return themeStylesheet(id);
  });

  // The owner's article in a theme, as a page of its own that the app's 公众号排版 dialog frames.
  registerPreviewPage(app, deps);
}
