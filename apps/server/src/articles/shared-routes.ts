import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/index.js';
import { AppError, notFound } from '../platform/errors.js';
import { ARTICLE_HIDDEN, readPublicArticle } from './public-article.js';
import { presentSharedArticle } from './public-presenter.js';
import { shareMetaOf, withShareMeta } from './share-meta.js';

const ARTICLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The public share page: its data call (API.md `GET /api/v1/shared/article/{id}`) and its HTML,
 * which carries the article's share tags in the head before any script runs. An article that
 * does not exist, or whose owner turned public access off, is simply not found.
 */
export function registerSharedArticleRoutes(app: FastifyInstance, deps: { db: Db; webDistDir: string; publicUrl: string }): void {
  const read = async (articleId: string) => (ARTICLE_ID.test(articleId) ? await readPublicArticle(deps.db, articleId) : null);
  const find = async (articleId: string) => {
    const result = await read(articleId);
    return result && 'article' in result ? result.article : undefined;
  };

  app.get<{ Params: { articleId: string } }>('/api/v1/shared/article/:articleId', async (request, reply) => {
    const result = await read(request.params.articleId);
    // A hidden article says so (the page shows the notice); `hidden` lets the page tell it from a missing one.
    if (result && 'hidden' in result) throw new AppError('NOT_FOUND', ARTICLE_HIDDEN, { details: { hidden: true } });
    const row = result?.article;
    if (!row) throw notFound('未找到文章');
    reply.header('Cache-Control', 'public, max-age=60');
    return { success: true, data: presentSharedArticle(row) };
  });

  const indexFile = path.join(deps.webDistDir, 'index.html');
  let indexHtml: string | null = null;
  app.get<{ Params: { articleId: string } }>('/shared/article/:articleId', async (request, reply) => {
    // No id is not an article page: like any unknown path, it goes home.
    if (!request.params.articleId) return reply.redirect('/', 302);
    indexHtml ??= fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
    if (indexHtml === null) return reply.status(503).type('text/plain; charset=utf-8').send('网页尚未构建，请先运行 npm run build');
    const { articleId } = request.params;
    const row = await find(articleId);
    const html = withShareMeta(indexHtml, shareMetaOf(row ? presentSharedArticle(row) : null, articleId, deps.publicUrl));
    // The page itself says 未找到文章; a crawler should also learn it from the status.
    return reply
      .status(row ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
