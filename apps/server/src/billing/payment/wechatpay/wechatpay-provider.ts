import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import {
  type NativeOrderInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  type ProviderTransaction,
  type RefundInput,
} from '../payment-provider.js';
import { apiV3KeyBytes, authorizationHeader } from './crypto.js';
import {
  createNotificationVerifier,
  createSignatureChecker,
  type HeaderBag,
  type NotificationVerifier,
  parseJson,
  platformCertificateKeys,
  toProviderRefund,
  toProviderTransaction,
} from './notification-verifier.js';

export interface WechatPayConfig {
  /** Origin only (default https://api.mch.weixin.qq.com); the signed path is the whole path. */
  baseUrl?: string;
  mchid: string;
  appid: string;
  /** Serial of the merchant API certificate (serial_no in Authorization). */
  merchantSerialNo: string;
  merchantPrivateKeyPem: string | KeyObject;
  /** 32-character APIv3 key. */
  apiV3Key: string;
  /** Wechatpay-Serial → key: `PUB_KEY_ID_…` and/or platform certificate serials. */
  wechatpayPublicKeys: ReadonlyMap<string, KeyObject>;
  timeoutMs?: number;
  /** Milliseconds since the epoch (default Date.now). */
  now?: () => number;
}

interface SignedResponse {
  status: number;
  body: string;
  verified: boolean;
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;
const USER_AGENT = 'tianma-server (WeChatPay-APIv3; node)';

/** WeChat Pay API v3, Native (QR code) payments, over plain fetch; WECHATPAY.md. */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat';
  readonly mchid: string;
  readonly appid: string;
  private readonly origin: string;
  private readonly merchantSerialNo: string;
  private readonly privateKey: KeyObject;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly checkSignature: ReturnType<typeof createSignatureChecker>;
  private readonly verifier: NotificationVerifier;

  constructor(config: WechatPayConfig) {
    this.mchid = requireText(config.mchid, 'mchid');
    this.appid = requireText(config.appid, 'appid');
    this.merchantSerialNo = requireText(config.merchantSerialNo, 'merchantSerialNo');
    this.origin = parseOrigin(config.baseUrl ?? 'https://api.mch.weixin.qq.com');
    this.privateKey =
      typeof config.merchantPrivateKeyPem === 'string' ? loadPrivateKey(config.merchantPrivateKeyPem) : config.merchantPrivateKeyPem;
    apiV3KeyBytes(config.apiV3Key);
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.now = config.now ?? Date.now;
    const keys = { publicKeys: config.wechatpayPublicKeys, now: this.now };
    this.checkSignature = createSignatureChecker(keys);
    this.verifier = createNotificationVerifier({ ...keys, apiV3Key: config.apiV3Key });
  }

  async createNativeOrder(input: NativeOrderInput): Promise<{ codeUrl: string }> {
    const description = Array.from(input.description.trim()).slice(0, 127).join('');
    if (description === '') throw invalid('description is empty');
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw invalid('amountFen must be a positive integer');
    checkNotifyUrl(input.notifyUrl);
    const response = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.appid,
      mchid: this.mchid,
      description,
      out_trade_no: checkOutTradeNo(input.outTradeNo),
      time_expire: beijingTime(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    });
    const codeUrl = parseJson(response.body, 'create reply', 'BAD_RESPONSE').code_url;
    if (typeof codeUrl !== 'string' || codeUrl === '') throw new PaymentProviderError('wechat: create reply has no code_url', 'BAD_RESPONSE', response.status);
    return { codeUrl };
  }

  async queryOrder(outTradeNo: string): Promise<ProviderTransaction | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(checkOutTradeNo(outTradeNo))}?mchid=${encodeURIComponent(this.mchid)}`;
    const response = await this.call('GET', path, undefined, 'ORDER_NOT_EXIST');
    if (response.status === 404) return null;
    return toProviderTransaction(parseJson(response.body, 'query reply', 'BAD_RESPONSE'));
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(checkOutTradeNo(outTradeNo))}/close`;
    await this.call('POST', path, { mchid: this.mchid });
  }

  async parseNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderTransaction> {
    return this.verifier.verify(headers, rawBody);
  }

  /** `POST /v3/refund/domestic/refunds`: the same out_refund_no again is the same refund at WeChat. */
  async createRefund(input: RefundInput): Promise<ProviderRefund> {
    for (const [name, value] of [
      ['refundFen', input.refundFen],
      ['totalFen', input.totalFen],
    ] as const) {
      if (!Number.isSafeInteger(value) || value <= 0) throw invalid(`${name} must be a positive integer`);
    }
    if (input.refundFen > input.totalFen) throw invalid('refundFen exceeds totalFen');
    checkNotifyUrl(input.notifyUrl);
    const reason = Array.from((input.reason ?? '').trim()).slice(0, 80).join('');
    const response = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: checkOutTradeNo(input.outTradeNo),
      out_refund_no: checkOutRefundNo(input.outRefundNo),
      ...(reason ? { reason } : {}),
      notify_url: input.notifyUrl,
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    });
    return toProviderRefund(parseJson(response.body, 'refund reply', 'BAD_RESPONSE'));
  }

  async queryRefund(outRefundNo: string): Promise<ProviderRefund | null> {
    const path = `/v3/refund/domestic/refunds/${encodeURIComponent(checkOutRefundNo(outRefundNo))}`;
    const response = await this.call('GET', path, undefined, 'RESOURCE_NOT_EXISTS');
    if (response.status === 404) return null;
    return toProviderRefund(parseJson(response.body, 'refund query reply', 'BAD_RESPONSE'));
  }

  async parseRefundNotification(headers: Record<string, string | undefined>, rawBody: Buffer): Promise<ProviderRefund> {
    return this.verifier.verifyRefund(headers, rawBody);
  }

  /**
   * Signs and sends one call; every 2xx reply must carry a valid WeChat signature. A signed
   * 404 with the code `notFoundCode` (ORDER_NOT_EXIST, RESOURCE_NOT_EXISTS) is returned; other
   * non-2xx replies throw, marked `refused` when WeChat itself signed a 4xx.
   */
  private async call(method: 'GET' | 'POST', path: string, payload?: object, notFoundCode?: string): Promise<SignedResponse> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = authorizationHeader({
      mchid: this.mchid,
      serialNo: this.merchantSerialNo,
      privateKeyPem: this.privateKey,
      method,
      pathWithQuery: path,
      body,
      timestamp: Math.floor(this.now() / 1000),
    });
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json', 'User-Agent': USER_AGENT };
    if (method !== 'GET') headers['Content-Type'] = 'application/json';

    let status: number;
    let raw: Buffer;
    let replyHeaders: HeaderBag;
    try {
      const reply = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      status = reply.status;
      replyHeaders = Object.fromEntries(reply.headers);
      raw = Buffer.from(await reply.arrayBuffer());
    } catch (error) {
      throw this.transportError(error, method, path);
    }

    const text = raw.toString('utf8');
    let verified = true;
    try {
      this.checkSignature(replyHeaders, raw);
    } catch (error) {
      verified = false;
      if (status >= 200 && status < 300) throw reworded(error, `${method} ${route(path)} reply is not authentic`, status);
    }
    if (status >= 200 && status < 300) return { status, body: text, verified };

    const { code, message } = errorFields(text, status);
    if (notFoundCode !== undefined && verified && status === 404 && code === notFoundCode) return { status, body: text, verified };
    const suffix = verified ? '' : ' (unsigned reply)';
    const refused = verified && status >= 400 && status < 500;
    throw new PaymentProviderError(`wechat: ${method} ${route(path)} failed: ${code} ${message}${suffix}`, code, status, refused);
  }

  private transportError(error: unknown, method: string, path: string): PaymentProviderError {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new PaymentProviderError(`wechat: ${method} ${route(path)} got no answer within ${this.timeoutMs} ms`, 'TIMEOUT');
    }
    const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const kind = typeof cause === 'string' ? cause : typeof name === 'string' ? name : 'Error';
    return new PaymentProviderError(`wechat: ${method} ${route(path)} failed to connect (${kind})`, 'NETWORK_ERROR');
  }
}

export interface WechatPayKeySources {
  merchantPrivateKeyPem: string;
  /** Public-key mode: the `PUB_KEY_ID_…` id and its PEM public key. */
  wechatpayPublicKeyId?: string;
  wechatpayPublicKeyPem?: string;
  /** Platform-certificate mode: PEM certificates, keyed by their serial numbers. */
  platformCertificatePems?: readonly string[];
}

/** Turns PEM strings from the environment (`\n` escapes allowed) into keys, with clear errors. */
export function loadWechatPayKeys(sources: WechatPayKeySources): {
  merchantPrivateKey: KeyObject;
  wechatpayPublicKeys: Map<string, KeyObject>;
} {
  const merchantPrivateKey = loadPrivateKey(sources.merchantPrivateKeyPem);
  const wechatpayPublicKeys = platformCertificateKeys((sources.platformCertificatePems ?? []).map(unescapePem));
  if (sources.wechatpayPublicKeyId !== undefined || sources.wechatpayPublicKeyPem !== undefined) {
    const id = sources.wechatpayPublicKeyId?.trim() ?? '';
    if (!/^PUB_KEY_ID_[0-9A-Za-z_]+$/.test(id)) throw new TypeError('wechatpay: the WeChat Pay public key id must look like PUB_KEY_ID_…');
    let key: KeyObject;
    try {
      key = createPublicKey(unescapePem(sources.wechatpayPublicKeyPem ?? ''));
    } catch {
      throw new TypeError('wechatpay: the WeChat Pay public key is not a valid PEM public key');
    }
    if (key.asymmetricKeyType !== 'rsa') throw new TypeError('wechatpay: the WeChat Pay public key is not an RSA key');
    wechatpayPublicKeys.set(id, key);
  }
  if (wechatpayPublicKeys.size === 0) throw new TypeError('wechatpay: configure a WeChat Pay public key or platform certificates');
  return { merchantPrivateKey, wechatpayPublicKeys };
}

function loadPrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(unescapePem(pem));
  } catch {
    throw new TypeError('wechatpay: the merchant private key is not a valid PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new TypeError('wechatpay: the merchant private key is not an RSA key');
  return key;
}

function unescapePem(pem: string): string {
  return pem.replace(/\\n/g, '\n').trim();
}

/** RFC 3339 in Beijing time, whole seconds: 2026-11-22T20:05:00+08:00. */
export function beijingTime(date: Date): string {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw invalid('expiresAt is not a valid date');
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function checkOutTradeNo(outTradeNo: string): string {
  if (!OUT_TRADE_NO.test(outTradeNo)) throw invalid('outTradeNo must be 6–32 characters of [0-9A-Za-z_-|*]');
  return outTradeNo;
}

function checkOutRefundNo(outRefundNo: string): string {
  if (!OUT_REFUND_NO.test(outRefundNo)) throw invalid('outRefundNo must be 1–64 characters of [0-9A-Za-z_-|*@]');
  return outRefundNo;
}

function checkNotifyUrl(value: string): void {
  const notifyUrl = URL.canParse(value) ? new URL(value) : null;
  if (notifyUrl === null || notifyUrl.protocol !== 'https:' || notifyUrl.search !== '' || notifyUrl.hash !== '') {
    throw invalid('notifyUrl must be HTTPS without a query');
  }
}

function errorFields(text: string, status: number): { code: string; message: string } {
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    const code = typeof parsed.code === 'string' && /^[A-Z0-9_]{1,64}$/.test(parsed.code) ? parsed.code : `HTTP_${status}`;
    const message = typeof parsed.message === 'string' ? parsed.message.slice(0, 200) : '';
    return { code, message };
  } catch {
    return { code: `HTTP_${status}`, message: '' };
  }
}

function reworded(error: unknown, context: string, status: number): PaymentProviderError {
  if (!(error instanceof PaymentProviderError)) throw error;
  return new PaymentProviderError(`wechat: ${context}: ${error.message.replace(/^wechatpay: /, '')}`, error.code, status);
}

function route(path: string): string {
  return path.split('?')[0] ?? path;
}

function invalid(message: string): PaymentProviderError {
  // Refused before anything was sent: nothing happened at WeChat.
  return new PaymentProviderError(`wechat: ${message}`, 'INVALID_INPUT', undefined, true);
}

function requireText(value: string, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`wechatpay: ${name} is required`);
  return value;
}

function parseOrigin(baseUrl: string): string {
  const url = new URL(baseUrl);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.username) {
    throw new TypeError('wechatpay: baseUrl must be scheme://host[:port]');
  }
  return url.origin;
}
