import { articlePageQuerySchema, articleUpdateSchema, articleVisibilitySchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type Auth, assertSameUser } from '../accounts/auth.js';
import type { Db } from '../platform/db/index.js';
import type { ReadCache } from '../platform/db/read-cache.js';
import { notFound } from '../platform/errors.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { deleteOwnArticle, findOwnArticle, listOwnArticles, ownImageKeys, setArticleVisibility, updateOwnArticle } from './owner-articles.js';
import { findFinishedRevision } from '../revisions/revision-store.js';
import { presentOwnArticle } from './owner-presenter.js';
import { assertArticleId } from './public-article.js';

export interface OwnerArticleRouteDeps {
  db: Db;
  /** The embedded database's read cache (decision 070): a list page until the user's articles or tasks change. */
  reads?: ReadCache;
  auth: Auth;
  storage: ObjectStorage;
  logger: Logger;
  /** The /media URLs of the images the article's generation saved (generation/saved-images.ts). */
  savedImageUrls: (articleId: string) => Promise<string[]>;
}

/**
 * My articles and the online editor (API.md): the owner's list, the markdown as text, save and
 * delete. Another user's article answers 404, as if it did not exist.
 */
export function registerOwnerArticleRoutes(app: FastifyInstance, deps: OwnerArticleRouteDeps): void {
  const { db, auth } = deps;

  const ownArticle = async (userId: number, articleId: string) => {
    assertArticleId(articleId);
    const row = await findOwnArticle(db, userId, articleId);
    if (!row) throw notFound('未找到文章');
    return row;
  };

  app.get<{ Params: { deepspaceId: string } }>('/api/v1/articles/user/:deepspaceId/page', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    assertSameUser(current, request.params.deepspaceId);
    const { page, size } = articlePageQuerySchema.parse(request.query);
    const { rows, total } = await listOwnArticles(db, current.user.id, page, size, deps.reads);
    reply.header('Cache-Control', 'no-store');
    return {
      success: true,
      data: rows.map((row) => presentOwnArticle(row, current.user.deepspaceId)),
      page,
      totalPages: Math.ceil(total / size),
      total,
    };
  });

  app.get<{ Params: { articleId: string } }>('/api/v1/article/:articleId', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const row = await ownArticle(current.user.id, request.params.articleId);
    reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
    return row.content;
  });

  app.put<{ Params: { articleId: string } }>('/api/v1/article/:articleId', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const row = await ownArticle(current.user.id, request.params.articleId);
    const { content, revisionId } = articleUpdateSchema.parse(request.body);
    // A save that accepts an AI action's result is a version of that action; an unknown or
    // unfinished revision id does not block the save (it is then a plain save).
    const accepted = revisionId ? await findFinishedRevision(db, revisionId, current.user.id, row.id) : undefined;
    const version = accepted ? { source: 'revision' as const, action: accepted.action } : { source: 'save' as const };
    if (!(await updateOwnArticle(db, row, content, version))) throw notFound('未找到文章');
    return { success: true, message: '保存成功' };
  });

  app.put<{ Params: { articleId: string } }>('/api/v1/article/:articleId/visibility', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const row = await ownArticle(current.user.id, request.params.articleId);
    const { isPublic } = articleVisibilitySchema.parse(request.body);
    if (!(await setArticleVisibility(db, row, isPublic))) throw notFound('未找到文章');
    return { success: true, isPublic, message: isPublic ? '已开启公开访问，任何拿到链接的人都可以阅读' : '已关闭公开访问，分享链接将无法打开' };
  });

  app.delete<{ Params: { articleId: string } }>('/api/v1/article/:articleId', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const row = await ownArticle(current.user.id, request.params.articleId);
    const imageKeys = ownImageKeys(row, await deps.savedImageUrls(row.articleId));
    if (!(await deleteOwnArticle(db, row))) throw notFound('未找到文章');
    // After the row is gone: a failed file removal leaves an orphan file, never a broken article.
    for (const key of imageKeys) {
      await deps.storage.delete(key).catch((error) => deps.logger.warn({ err: error, key }, 'could not remove an article image'));
    }
    return { success: true, message: '文章已删除' };
  });
}
