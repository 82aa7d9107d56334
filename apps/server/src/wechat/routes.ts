import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import { AppError, badRequest } from '../platform/errors.js';
import type { CredentialShelf } from './credential-shelf.js';
import { checkShareUrl, jsapiSignature, randomNonceStr, type ShareUrlCheck } from './jssdk-signature.js';
import { WechatTokenStore } from './token-store.js';
import { WechatApiClient, WechatApiError } from './wechat-api-client.js';

export const WECHAT_NOT_CONFIGURED = '未配置微信公众号，无法使用微信分享';
const WECHAT_UNAVAILABLE = '微信接口暂时不可用，请稍后重试';

const URL_MESSAGES: Record<Extract<ShareUrlCheck, { ok: false }>['reason'], string> = {
  missing: '缺少页面地址 url',
  invalid: '页面地址无效',
  foreign: '只能为本站页面生成分享签名',
};

// Public (anyone may share the public article page), so capped per IP. Carrier NAT puts many
// phones behind one address, hence a generous figure: each page view asks once.
const CONFIG_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export interface WechatRouteDeps {
  config: Config;
  /** Where the token and ticket are shared between processes (credential-shelf.ts). */
  credentials: CredentialShelf;
  logger: Logger;
}

/**
 * GET /api/v1/wechat/config?url=: the JS-SDK configuration (appId, timestamp, nonceStr, signature)
 * for a page of this site. Without an official account configured it answers 200 with
 * `success:false`, and the page shares in degraded mode (docs/decisions/033-wechat-jssdk-tokens.md).
 */
export function registerWechatRoutes(app: FastifyInstance, deps: WechatRouteDeps): void {
  const wechat = deps.config.wechat;
  const store = wechat
    ? new WechatTokenStore({
        shelf: deps.credentials,
        client: new WechatApiClient({ appId: wechat.appId, appSecret: wechat.appSecret, baseUrl: wechat.apiBaseUrl }),
        logger: deps.logger.child({ module: 'wechat' }),
      })
    : null;

  app.get<{ Querystring: { url?: unknown } }>('/api/v1/wechat/config', { config: CONFIG_LIMIT }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const checked = checkShareUrl(request.query.url, deps.config.publicUrl);
    if (!checked.ok) throw badRequest(URL_MESSAGES[checked.reason]);
    if (!wechat || !store) return { success: false, code: 'WECHAT_NOT_CONFIGURED', msg: WECHAT_NOT_CONFIGURED, message: WECHAT_NOT_CONFIGURED };

    let ticket: string;
    try {
      ticket = await store.jsapiTicket();
    } catch (error) {
      // WechatApiError names the call and WeChat's errcode, never a secret. NOTE: other errors are
      // not passed on: a failed query's message lists its parameters, which may hold a token.
      const internal = error instanceof WechatApiError ? error.message : `wechat: credential store failed (${errorName(error)})`;
      throw new AppError('UNAVAILABLE', WECHAT_UNAVAILABLE, { internal, retryAfter: 30 });
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const nonceStr = randomNonceStr();
    const signature = jsapiSignature({ ticket, nonceStr, timestamp, url: checked.url });
    return { success: true, data: { appId: wechat.appId, timestamp, nonceStr, signature } };
  });
}

function errorName(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name.slice(0, 60) : 'unknown';
}
