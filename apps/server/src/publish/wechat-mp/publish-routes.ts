import { createHash } from 'node:crypto';
import { publishWechatRequestSchema, type WechatThemeId } from '@tianma/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Auth } from '../../accounts/auth.js';
import { SESSION_COOKIE } from '../../accounts/session-token.js';
import { findOwnArticle } from '../../articles/owner-articles.js';
import type { Database } from '../../platform/db/index.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { RETRY_LATER_ERRCODES } from './errcodes.js';
import { DraftInputError } from './prepare-draft.js';
import { findOwnPublication, loadOwnAccount, publishToDraftBox, toPublication } from './publish.js';
import { SecretBox } from './secret-box.js';
import { WechatImageError } from './wechat-image.js';

/** Each publish uploads every picture and costs WeChat calls: capped per session (the cookie's hash). */
const PUBLISH_LIMIT = {
  rateLimit: {
    max: 10,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const session = request.cookies?.[SESSION_COOKIE];
      return session ? `wechat-publish:${createHash('sha256').update(session).digest('base64url').slice(0, 32)}` : `wechat-publish-ip:${request.ip}`;
    },
  },
};
const READ_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export interface WechatPublishRouteDeps {
  database: Database;
  auth: Auth;
  appSecret: string;
  apiBaseUrl: string;
  storage: ObjectStorage;
  publicUrl: string;
  logger: Logger;
}

/** Publishing an article to a bound account's draft box (API.md "Beyond the spec"; decision 074). */
export function registerWechatPublishRoutes(app: FastifyInstance, deps: WechatPublishRouteDeps): void {
  const publishDeps = {
    db: deps.database.db,
    crossProcessLock: deps.database.kind === 'postgres',
    baseUrl: deps.apiBaseUrl,
    box: new SecretBox(deps.appSecret),
    storage: deps.storage,
    publicUrl: deps.publicUrl,
  };
  const logger = deps.logger.child({ module: 'wechat-mp' });

  app.post<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/publish/wechat', { config: PUBLISH_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const body = publishWechatRequestSchema.parse(request.body ?? {});
    if (body.submit) throw badRequest('暂不支持直接发表（submit）：请先存入草稿箱，再在公众号后台发表');
    if (body.scheduleAt) throw badRequest('暂不支持定时发布（scheduleAt）：请先存入草稿箱，再在公众号后台发表');
    const article = await findOwnArticle(deps.database.db, current.user.id, request.params.articleId);
    if (!article) throw notFound('未找到该文章');
    const account = /^wxa_[0-9a-f]{24}$/.test(body.accountId) ? await loadOwnAccount(publishDeps, current.user.id, body.accountId) : null;
    if (!account) throw notFound('未找到该公众号');
    const who = { userId: current.user.id, articleId: article.articleId, accountId: account.accountId, appId: account.appId };
    let outcome: Awaited<ReturnType<typeof publishToDraftBox>>;
    try {
      outcome = await publishToDraftBox(publishDeps, account, {
        userId: current.user.id,
        article,
        accountId: account.accountId,
        theme: (body.theme ?? null) as WechatThemeId | null,
        author: body.author,
        digest: body.digest,
      });
    } catch (error) {
      if (error instanceof DraftInputError || error instanceof WechatImageError) {
        logger.info({ ...who }, 'wechat draft refused before upload');
        throw badRequest(error.message);
      }
      throw error;
    }
    const { publication, error } = outcome;
    if (!error) {
      logger.info({ ...who, publishId: publication.publishId, mediaId: publication.mediaId }, 'wechat draft created');
      return { success: true, data: publication };
    }
    // The errcode and the call only: the error's text holds no secret, but the log needs no more.
    logger.warn({ ...who, publishId: publication.publishId, errcode: error.errcode, code: error.code }, 'wechat draft failed');
    const details = { ...(error.errcode === undefined ? {} : { errcode: error.errcode }), data: publication };
    const later = error.code !== 'WECHAT_ERROR' || (error.errcode !== undefined && RETRY_LATER_ERRCODES.has(error.errcode));
    if (later) throw new AppError('UNAVAILABLE', error.userMessage, { internal: error.message, retryAfter: 30, details });
    throw badRequest(error.userMessage, { internal: error.message, details });
  });

  app.get<{ Params: { publishId: string } }>('/api/v1/publish/:publishId', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const { publishId } = request.params;
    const row = /^wxp_[0-9a-f]{24}$/.test(publishId) ? await findOwnPublication(deps.database.db, current.user.id, publishId) : undefined;
    if (!row) throw notFound('未找到该发布记录');
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: toPublication(row) };
  });
}
