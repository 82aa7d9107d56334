import { absoluteMarkdownUrls, articleHeading } from '@tianma/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import { assertArticleId } from '../articles/public-article.js';
import type { Db } from '../platform/db/index.js';
import type { ArticleRow } from '../articles/tables.js';
import { notFound } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { storageImageLoader } from './article-images.js';
import { attachmentHeader, type ExportFormat, exportQuerySchema, FALLBACK_FILE_NAME, safeFileName } from './export-format.js';
import { renderWechatHtml } from '../publish/themes/render-wechat.js';
import { parseThemeParam } from '../publish/themes/theme-routes.js';

export interface ExportRouteDeps {
  db: Db;
  auth: Auth;
  storage: ObjectStorage;
  publicUrl: string;
}

/** Word files and image cards cost CPU: a few a minute per client is plenty for people. */
const EXPORT_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * GET /api/v1/article/{articleId}/export?format=md|docx|wechat-html|xhs-cards (issue 8; wechat-html
 * also takes `theme`, one of GET /api/v1/themes, default clean): the
 * owner's saved article as a download, or as HTML for the WeChat editor. Another user's article
 * answers 404, as if it did not exist.
 */
export function registerExportRoutes(app: FastifyInstance, deps: ExportRouteDeps): void {
  app.get<{ Params: { articleId: string } }>('/api/v1/article/:articleId/export', { config: EXPORT_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    assertArticleId(request.params.articleId);
    const { format } = exportQuerySchema.parse(request.query);
    const row = await findOwnArticle(deps.db, current.user.id, request.params.articleId);
    if (!row) throw notFound('未找到文章');
    reply.header('Cache-Control', 'no-store');
    return exportArticle(row, format, reply, request.log, deps, (request.query as { theme?: unknown }).theme);
  });
}

function titleOf(row: ArticleRow): string {
  return row.title.trim() || articleHeading(row.content) || FALLBACK_FILE_NAME;
}

async function exportArticle(row: ArticleRow, format: ExportFormat, reply: FastifyReply, log: FastifyBaseLogger, deps: ExportRouteDeps, theme: unknown) {
  const title = titleOf(row);
  const name = safeFileName(title);
  const started = performance.now();
  switch (format) {
    case 'md':
      return reply
        .type('text/markdown; charset=utf-8')
        .header('Content-Disposition', attachmentHeader(`${name}.md`, 'article.md'))
        // A downloaded file is opened elsewhere: our pictures and links must name our site.
        .send(absoluteMarkdownUrls(row.content, deps.publicUrl));
    case 'wechat-html':
      // The same layout as the article fetch's content_type=wechat and draft-box publishing (decision 072).
      return { success: true, title, html: renderWechatHtml(row.content, parseThemeParam(theme, row.wechatTheme), { publicUrl: deps.publicUrl }) };
    case 'docx': {
      // Each format's libraries (docx, DOM, canvas) load on its first export, not in every process.
      const { buildDocx } = await import('./docx.js');
      const file = await buildDocx({ title, markdown: row.content, loadImage: storageImageLoader(deps.storage, deps.publicUrl) });
      log.info({ articleId: row.articleId, bytes: file.length, ms: Math.round(performance.now() - started) }, 'article exported as docx');
      return reply.type(DOCX_TYPE).header('Content-Disposition', attachmentHeader(`${name}.docx`, 'article.docx')).send(file);
    }
    case 'xhs-cards': {
      const { xhsCardsZip } = await import('./xhs-cards.js');
      const zip = await xhsCardsZip({ title, markdown: row.content });
      log.info({ articleId: row.articleId, bytes: zip.length, ms: Math.round(performance.now() - started) }, 'article exported as xhs cards');
      return reply
        .type('application/zip')
        .header('Content-Disposition', attachmentHeader(`${name}-小红书图片.zip`, 'xiaohongshu-cards.zip'))
        .send(zip);
    }
  }
}
