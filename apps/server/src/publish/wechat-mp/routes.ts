import { createHash } from 'node:crypto';
import { bindWechatAccountRequestSchema } from '@tianma/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Auth } from '../../accounts/auth.js';
import { SESSION_COOKIE } from '../../accounts/session-token.js';
import type { Database } from '../../platform/db/index.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { bindAccount, deleteAccount, listAccounts } from './accounts.js';
import { RETRY_LATER_ERRCODES } from './errcodes.js';
import { MpApiError } from './mp-api-client.js';
import { accountSecretBox } from './secret-box.js';
import type { CredentialShelf } from '../../wechat/credential-shelf.js';

/**
 * Each bind asks WeChat twice (token, draft/count), and WeChat caps token fetches per account:
 * capped per session (the bucket is the session cookie's hash; the address without one, which
 * then gets a 401 anyway).
 */
const BIND_LIMIT = {
  rateLimit: {
    max: 20,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const session = request.cookies?.[SESSION_COOKIE];
      return session ? `wechat-bind:${createHash('sha256').update(session).digest('base64url').slice(0, 32)}` : `wechat-bind-ip:${request.ip}`;
    },
  },
};
const READ_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export interface WechatMpRouteDeps {
  database: Database;
  auth: Auth;
  /** The server's APP_SECRET (platform/app-secret.ts): the AppSecrets' key is derived from it. */
  appSecret: string;
  apiBaseUrl: string;
  /** Where the accounts' tokens are shared between processes (decision 077). */
  credentials: CredentialShelf;
  logger: Logger;
}

/** Binding official accounts for draft-box publishing (API.md "Beyond the spec"; decision 073). */
export function registerWechatMpRoutes(app: FastifyInstance, deps: WechatMpRouteDeps): void {
  const store = {
    db: deps.database.db,
    credentials: deps.credentials,
    baseUrl: deps.apiBaseUrl,
    box: accountSecretBox(deps.appSecret),
  };
  const logger = deps.logger.child({ module: 'wechat-mp' });

  app.post('/api/v1/publish/wechat/accounts', { config: BIND_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const body = bindWechatAccountRequestSchema.parse(request.body);
    try {
      const account = await bindAccount(store, { userId: current.user.id, appId: body.appId, appSecret: body.appSecret, name: body.name });
      logger.info({ userId: current.user.id, accountId: account.accountId, appId: account.appId }, 'wechat official account bound');
      return { success: true, data: account };
    } catch (error) {
      if (!(error instanceof MpApiError)) throw error;
      // The errcode and the call only: the error's text holds no secret, but the log needs no more.
      logger.warn({ userId: current.user.id, appId: body.appId, errcode: error.errcode, code: error.code }, 'wechat official account check failed');
      const later = error.code !== 'WECHAT_ERROR' || (error.errcode !== undefined && RETRY_LATER_ERRCODES.has(error.errcode));
      if (later) throw new AppError('UNAVAILABLE', error.userMessage, { internal: error.message, retryAfter: 30, details: wechatDetails(error) });
      throw badRequest(error.userMessage, { internal: error.message, details: wechatDetails(error) });
    }
  });

  app.get('/api/v1/publish/wechat/accounts', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await listAccounts(deps.database.db, current.user.id) };
  });

  app.delete<{ Params: { accountId: string } }>('/api/v1/publish/wechat/accounts/:accountId', { config: READ_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    const { accountId } = request.params;
    if (!/^wxa_[0-9a-f]{24}$/.test(accountId) || !(await deleteAccount(store, current.user.id, accountId))) throw notFound('未找到该公众号');
    return { success: true };
  });
}

function wechatDetails(error: MpApiError): Record<string, unknown> {
  return error.errcode === undefined ? {} : { errcode: error.errcode };
}
