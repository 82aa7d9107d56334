import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { notFound } from '../platform/errors.js';
import { assertArticleId, findPublicArticle } from './public-article.js';
import { presentCaseArticle } from './public-presenter.js';

export function registerArticleRoutes(app: FastifyInstance, deps: { db: Db }): void {
  // The home page's case cards (API.md: public, success/data shape).
  app.get<{ Params: { articleId: string } }>('/deepspaceasset/deepspace/articles/article/:articleId', async (request, reply) => {
    const { articleId } = request.params;
    assertArticleId(articleId);
    const row = await findPublicArticle(deps.db, articleId);
    if (!row) throw notFound('未找到文章');
    reply.header('Cache-Control', 'public, max-age=60');
    return { success: true, data: presentCaseArticle(row) };
  });
}
