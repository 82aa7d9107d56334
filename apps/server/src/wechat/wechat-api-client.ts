import { callWechat, type WechatFailureKind } from './wechat-call.js';

/*
 * The two calls of WeChat's official-account API that the JS-SDK needs, over plain fetch
 * (WECHATPAY.md "JS-SDK share signature"). WeChat answers HTTP 200 with `errcode` on failure.
 * Error messages name the call and the errcode only: never the appsecret, a token or a URL query.
 */

export interface WechatCredential {
  value: string;
  /** Seconds the value stays valid, as WeChat said. */
  expiresIn: number;
}

export type WechatApiErrorCode = WechatFailureKind;

export class WechatApiError extends Error {
  override name = 'WechatApiError';
  constructor(
    message: string,
    readonly code: WechatApiErrorCode,
    /** WeChat's errcode, when it sent one. */
    readonly errcode?: number,
  ) {
    super(message);
  }
}

/** errcodes after which the access_token is worth replacing: invalid (40001, 40014) or expired (42001). */
export const TOKEN_REJECTED_ERRCODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/** What an operator should check, for the errcodes that mean the configuration is wrong. */
const ERRCODE_HINTS: Record<number, string> = {
  40013: 'WECHAT_APP_ID 无效',
  40125: 'WECHAT_APP_SECRET 无效',
  40164: '服务器 IP 不在公众号的 IP 白名单中',
  41002: '缺少 appid',
  41004: '缺少 secret',
  45009: '接口调用超过每日限额',
  45011: '接口调用过于频繁',
  50002: '公众号接口权限不足（需已认证的公众号）',
  89503: '此 IP 调用需要公众号管理员确认',
};

export interface WechatApiClientOptions {
  appId: string;
  appSecret: string;
  /** Origin of the API, default https://api.weixin.qq.com (tests point it at a fake). */
  baseUrl: string;
  timeoutMs?: number;
}

export class WechatApiClient {
  readonly appId: string;
  private readonly appSecret: string;
  private readonly origin: string;
  private readonly timeoutMs: number;

  constructor(options: WechatApiClientOptions) {
    if (!options.appId || !options.appSecret) throw new TypeError('wechat: appId and appSecret are required');
    this.appId = options.appId;
    this.appSecret = options.appSecret;
    this.origin = new URL(options.baseUrl).origin;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * POST /cgi-bin/stable_token. In the normal mode WeChat hands back the current token (a new one
   * in its last 5 minutes); `forceRefresh` replaces it at once (WeChat limits how often), used only
   * after WeChat itself said the token is no longer valid.
   */
  async stableToken(forceRefresh = false): Promise<WechatCredential> {
    const body = JSON.stringify({ grant_type: 'client_credential', appid: this.appId, secret: this.appSecret, force_refresh: forceRefresh });
    const reply = await this.call('stable_token', '/cgi-bin/stable_token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return credential(reply, 'access_token', 'stable_token');
  }

  /** GET /cgi-bin/ticket/getticket?type=jsapi. */
  async jsapiTicket(accessToken: string): Promise<WechatCredential> {
    const query = new URLSearchParams({ access_token: accessToken, type: 'jsapi' });
    const reply = await this.call('getticket', `/cgi-bin/ticket/getticket?${query}`, { method: 'GET' });
    return credential(reply, 'ticket', 'getticket');
  }

  private call(name: string, path: string, init: RequestInit): Promise<Record<string, unknown>> {
    const call = { label: 'wechat', name, origin: this.origin, path, init, timeoutMs: this.timeoutMs, secret: this.appSecret, errmsgMax: 200 };
    return callWechat(call, (failure) => {
      const hint = failure.errcode === undefined ? undefined : ERRCODE_HINTS[failure.errcode];
      return new WechatApiError(`${failure.message}${hint ? `（${hint}）` : ''}`, failure.kind, failure.errcode);
    });
  }
}

function credential(reply: Record<string, unknown>, field: 'access_token' | 'ticket', name: string): WechatCredential {
  const value = reply[field];
  const expiresIn = reply.expires_in;
  if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new WechatApiError(`wechat: ${name} reply has no ${field} or expires_in`, 'BAD_RESPONSE');
  }
  return { value, expiresIn };
}
