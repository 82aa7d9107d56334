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

export type WechatApiErrorCode = 'WECHAT_ERROR' | 'TIMEOUT' | 'NETWORK_ERROR' | 'BAD_RESPONSE';

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

  private async call(name: string, path: string, init: RequestInit): Promise<Record<string, unknown>> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.origin}${path}`, {
        ...init,
        headers: { Accept: 'application/json', 'User-Agent': 'tianma-server (wechat-jssdk; node)', ...init.headers },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const errorName = (error as { name?: unknown } | null)?.name;
      if (errorName === 'TimeoutError' || errorName === 'AbortError') {
        throw new WechatApiError(`wechat: ${name} got no answer within ${this.timeoutMs} ms`, 'TIMEOUT');
      }
      const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
      throw new WechatApiError(`wechat: ${name} failed to connect (${typeof cause === 'string' ? cause : 'Error'})`, 'NETWORK_ERROR');
    }
    if (status < 200 || status >= 300) throw new WechatApiError(`wechat: ${name} answered HTTP ${status}`, 'BAD_RESPONSE');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new WechatApiError(`wechat: ${name} answered something that is not JSON`, 'BAD_RESPONSE');
    }
    if (typeof parsed !== 'object' || parsed === null) throw new WechatApiError(`wechat: ${name} answered something that is not an object`, 'BAD_RESPONSE');
    const reply = parsed as Record<string, unknown>;
    const errcode = reply.errcode;
    if (typeof errcode === 'number' && errcode !== 0) {
      const hint = ERRCODE_HINTS[errcode];
      // errmsg is WeChat's text ("invalid credential, access_token is invalid or not latest rid: …"): it names no secret.
      const errmsg = typeof reply.errmsg === 'string' ? this.scrub(reply.errmsg.slice(0, 200)) : '';
      throw new WechatApiError(`wechat: ${name} failed: errcode ${errcode} ${errmsg}${hint ? `（${hint}）` : ''}`, 'WECHAT_ERROR', errcode);
    }
    return reply;
  }

  /** Belt and braces: an errmsg that echoed the secret would lose it here. */
  private scrub(text: string): string {
    return text.split(this.appSecret).join('[redacted]');
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
