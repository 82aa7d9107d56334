import { createHash } from 'node:crypto';
import { publishWechatRequestSchema, scheduleAtProblem } from '@tianma/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Auth } from '../../accounts/auth.js';
import { SESSION_COOKIE } from '../../accounts/session-token.js';
import { findOwnArticle } from '../../articles/owner-articles.js';
import type { Database } from '../../platform/db/index.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { DraftInputError, planDraft } from './prepare-draft.js';
import { registerPublicationRoutes } from './publication-routes.js';
import { findOwnPublication, themeFor, toPublication } from './publications.js';
import { type PublishDeps, draftSource, isRetryLater, loadOwnAccount, publishToDraftBox } from './publish.js';
import { refreshSubmitted } from './publish-status.js';
import { cancelQueued, queuePublication } from './schedule.js';
import { accountSecretBox } from './secret-box.js';
import type { CredentialShelf } from '../../wechat/credential-shelf.js';
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
  /** Where the accounts' tokens are shared between processes (decision 077). */
  credentials: CredentialShelf;
  logger: Logger;
}

/** What publishing needs, built once from the app's configuration (the routes and the `wechat-publish` job share it). */
export function wechatPublishDeps(deps: Pick<WechatPublishRouteDeps, 'database' | 'appSecret' | 'apiBaseUrl' | 'storage' | 'publicUrl' | 'credentials'>): PublishDeps {
  return {
    db: deps.database.db,
    credentials: deps.credentials,
    baseUrl: deps.apiBaseUrl,
    box: accountSecretBox(deps.appSecret),
    storage: deps.storage,
    publicUrl: deps.publicUrl,
  };
}

const PUBLISH_ID = /^wxp_[0-9a-f]{24}$/;

/** Publishing an article to a bound account's draft box, submitting and scheduling it (API.md "Beyond the spec"; decisions 074, 076). */
export function registerWechatPublishRoutes(app: FastifyInstance, deps: WechatPublishRouteDeps): void {
  const publishDeps = wechatPublishDeps(deps);
  const logger = deps.logger.child({ module: 'wechat-mp' });
  registerPublicationRoutes(app, deps);

  app.post<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/publish/wechat', { config: PUBLISH_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const body = publishWechatRequestSchema.parse(request.body ?? {});
    const scheduleProblem = body.scheduleAt ? scheduleAtProblem(body.scheduleAt) : null;
    if (scheduleProblem) throw badRequest(scheduleProblem);
    const article = await findOwnArticle(deps.database.db, current.user.id, request.params.articleId);
    if (!article) throw notFound('未找到该文章');
    const account = /^wxa_[0-9a-f]{24}$/.test(body.accountId) ? await loadOwnAccount(publishDeps, current.user.id, body.accountId) : null;
    if (!account) throw notFound('未找到该公众号');
    const who = { userId: current.user.id, articleId: article.articleId, accountId: account.accountId, appId: account.appId };
    const theme = themeFor(article, body.theme);
    const input = { userId: current.user.id, article, accountId: account.accountId, theme, author: body.author, digest: body.digest, submit: body.submit ?? false };
    let outcome: Awaited<ReturnType<typeof publishToDraftBox>>;
    try {
      if (body.scheduleAt) {
        // What the user must fix is said now, not at the scheduled time: limits and cover, nothing uploaded.
        planDraft(draftSource(article), { theme, publicUrl: deps.publicUrl, author: body.author ?? undefined, digest: body.digest ?? undefined });
        const row = await queuePublication(publishDeps, { ...input, articleId: article.articleId, scheduledAt: new Date(body.scheduleAt) });
        logger.info({ ...who, publishId: row.id, scheduledAt: row.scheduledAt }, 'wechat publish scheduled');
        return { success: true, data: toPublication(row) };
      }
      outcome = await publishToDraftBox(publishDeps, account, input);
    } catch (error) {
      if (error instanceof DraftInputError || error instanceof WechatImageError) {
        logger.info({ ...who }, 'wechat draft refused before upload');
        throw badRequest(error.message);
      }
      throw error;
    }
    const { publication, error } = outcome;
    if (!error) {
      logger.info({ ...who, publishId: publication.publishId, mediaId: publication.mediaId, state: publication.state }, publication.state === 'submitted' ? 'wechat draft created and submitted' : 'wechat draft created');
      return { success: true, data: publication };
    }
    // The errcode and the call only: the error's text holds no secret, but the log needs no more.
    logger.warn({ ...who, publishId: publication.publishId, errcode: error.errcode, code: error.code }, 'wechat draft failed');
    const details = { ...(error.errcode === undefined ? {} : { errcode: error.errcode }), data: publication };
    if (isRetryLater(error)) throw new AppError('UNAVAILABLE', error.userMessage, { internal: error.message, retryAfter: 30, details });
    throw badRequest(error.userMessage, { internal: error.message, details });
  });

  app.get<{ Params: { publishId: string } }>('/api/v1/publish/:publishId', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const { publishId } = request.params;
    let row = PUBLISH_ID.test(publishId) ? await findOwnPublication(deps.database.db, current.user.id, publishId) : undefined;
    if (!row) throw notFound('未找到该发布记录');
    if (row.state === 'submitted') {
      const outcome = await refreshSubmitted(publishDeps, row);
      row = outcome.row;
      if (outcome.error) logger.warn({ userId: current.user.id, publishId, accountId: row.accountId, errcode: outcome.error.errcode, code: outcome.error.code }, 'wechat publish status check failed');
      else if (outcome.asked && row.state !== 'submitted') logger.info({ userId: current.user.id, publishId, accountId: row.accountId, state: row.state }, 'wechat publish settled');
    }
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: toPublication(row) };
  });

  app.delete<{ Params: { publishId: string } }>('/api/v1/publish/:publishId', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const { publishId } = request.params;
    const result = PUBLISH_ID.test(publishId) ? await cancelQueued(publishDeps, current.user.id, publishId) : 'gone';
    if (result === 'gone') throw notFound('未找到该发布记录');
    if (result === 'running') throw new AppError('CONFLICT', '这篇定时发布正在执行，无法取消；请稍后查看结果');
    if (result === 'late') throw new AppError('CONFLICT', '这条发布已不在等待中（已执行或已结束），无法取消');
    logger.info({ userId: current.user.id, publishId }, 'scheduled wechat publish cancelled');
    return { success: true, data: { publishId, cancelled: true } };
  });
}
