import { WECHAT_FREEPUBLISH_NOTICE, setWechatThemeRequestSchema, wechatPreflightRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../accounts/auth.js';
import { findOwnArticle } from '../../articles/owner-articles.js';
import { imageFormatOf, readStoredImageBytes } from '../../exports/article-images.js';
import type { Database } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { preflightReport } from './preflight.js';
import { listArticlePublications, setArticleTheme, themeFor } from './publications.js';
import { draftSource } from './publish.js';

/*
 * Around publishing (decision 076): the preflight report, an article's publications, its WeChat
 * theme, and the warning shown before a submit. None of them calls WeChat.
 */

const READ_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
/** The preflight reads every picture of the article from storage. */
const PREFLIGHT_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export interface PublicationRouteDeps {
  database: Database;
  auth: Auth;
  storage: ObjectStorage;
  publicUrl: string;
}

export function registerPublicationRoutes(app: FastifyInstance, deps: PublicationRouteDeps): void {
  const db = deps.database.db;
  const ownArticle = async (userId: number, articleId: string) => {
    const article = await findOwnArticle(db, userId, articleId);
    if (!article) throw notFound('未找到该文章');
    return article;
  };

  app.post<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/publish/wechat/preflight', { config: PREFLIGHT_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const body = wechatPreflightRequestSchema.parse(request.body ?? {});
    const article = await ownArticle(current.user.id, request.params.articleId);
    const report = await preflightReport(
      draftSource(article),
      { theme: themeFor(article, body.theme), publicUrl: deps.publicUrl },
      {
        inspect: async (key) => {
          const bytes = await readStoredImageBytes(deps.storage, key);
          return bytes ? { format: imageFormatOf(bytes), size: bytes.length } : null;
        },
      },
    );
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: report };
  });

  app.get<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/publications', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const article = await ownArticle(current.user.id, request.params.articleId);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await listArticlePublications(db, current.user.id, article.articleId) };
  });

  app.put<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/wechat-theme', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const { theme } = setWechatThemeRequestSchema.parse(request.body ?? {});
    if (!(await setArticleTheme(db, current.user.id, request.params.articleId, theme))) throw notFound('未找到该文章');
    return { success: true, data: { articleId: request.params.articleId, theme } };
  });

  app.get('/api/v1/publish/wechat/notice', { config: READ_LIMIT }, async () => ({ success: true, data: { submit: WECHAT_FREEPUBLISH_NOTICE } }));
}
