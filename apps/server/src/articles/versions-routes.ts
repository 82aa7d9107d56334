import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import type { Db } from '../platform/db/index.js';
import { badRequest, notFound } from '../platform/errors.js';
import { findOwnArticle, updateOwnArticle } from './owner-articles.js';
import { assertArticleId } from './public-article.js';
import { findVersion, listVersions } from './versions.js';

export interface VersionRouteDeps {
  db: Db;
  auth: Auth;
}

/** Version ids are the table's serial numbers: digits only, within a safe integer. */
function parseVersionId(value: string): number {
  const id = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('版本ID格式无效');
  return id;
}

/**
 * An article's versions (API.md, "Beyond the spec"): the list, one version's text, and a restore
 * that saves that text as the article's current one (itself a new version). Owner only: another
 * user's article answers 404, as if it did not exist.
 */
export function registerVersionRoutes(app: FastifyInstance, { db, auth }: VersionRouteDeps): void {
  const ownArticle = async (userId: number, articleId: string) => {
    assertArticleId(articleId);
    const row = await findOwnArticle(db, userId, articleId);
    if (!row) throw notFound('未找到文章');
    return row;
  };

  app.get<{ Params: { articleId: string } }>('/api/v1/article/:articleId/versions', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const article = await ownArticle(current.user.id, request.params.articleId);
    const versions = await listVersions(db, article.id);
    reply.header('Cache-Control', 'no-store');
    return {
      success: true,
      data: versions.map((version) => ({
        versionId: String(version.id),
        createdAt: version.createdAt.toISOString(),
        source: version.source,
        ...(version.action ? { action: version.action } : {}),
        chars: version.chars,
      })),
    };
  });

  app.get<{ Params: { articleId: string; versionId: string } }>('/api/v1/article/:articleId/versions/:versionId', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const article = await ownArticle(current.user.id, request.params.articleId);
    const version = await findVersion(db, article.id, parseVersionId(request.params.versionId));
    if (!version) throw notFound('未找到该版本');
    reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8');
    return version.content;
  });

  app.post<{ Params: { articleId: string; versionId: string } }>('/api/v1/article/:articleId/versions/:versionId/restore', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const article = await ownArticle(current.user.id, request.params.articleId);
    const version = await findVersion(db, article.id, parseVersionId(request.params.versionId));
    if (!version) throw notFound('未找到该版本');
    if (!(await updateOwnArticle(db, article, version.content, { source: 'restore' }))) throw notFound('未找到文章');
    return { success: true, message: '已恢复到该版本' };
  });
}
