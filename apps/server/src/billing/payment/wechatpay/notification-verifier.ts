import { type KeyObject, X509Certificate } from 'node:crypto';
import { PaymentProviderError, type ProviderRefund, type ProviderTransaction, type RefundState, type TradeState } from '../payment-provider.js';
import { AUTH_SCHEMA, apiV3KeyBytes, buildVerifyMessage, decryptResource, isSigntestProbe, verifyRsaSha256 } from './crypto.js';

/** WECHATPAY.md, Notifications steps 1–5; also used for WeChat's signed API responses. */

export type HeaderBag = Record<string, string | string[] | undefined>;

export interface SignatureCheckOptions {
  /** Wechatpay-Serial → key: `PUB_KEY_ID_…` (public-key mode) and/or platform certificate serials. */
  publicKeys: ReadonlyMap<string, KeyObject>;
  /** Milliseconds since the epoch (default Date.now). */
  now?: () => number;
  maxSkewSeconds?: number;
}

export interface NotificationVerifierOptions extends SignatureCheckOptions {
  apiV3Key: string | Buffer;
}

export interface VerifiedNotification extends ProviderTransaction {
  notificationId: string;
  eventType: string;
}

export interface VerifiedRefundNotification extends ProviderRefund {
  notificationId: string;
  /** REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED. */
  eventType: string;
}

export interface NotificationVerifier {
  /** A payment notification (TRANSACTION.*). */
  verify(headers: HeaderBag, rawBody: Buffer): VerifiedNotification;
  /** A refund notification (REFUND.*): the same checks and decryption, another resource. */
  verifyRefund(headers: HeaderBag, rawBody: Buffer): VerifiedRefundNotification;
}

const TRADE_STATES: readonly TradeState[] = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'];
const REFUND_STATES: readonly RefundState[] = ['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL'];

/**
 * Checks Wechatpay-Serial/-Timestamp/-Nonce/-Signature over `TIMESTAMP\nNONCE\nBODY\n` with
 * the raw body. Throws PaymentProviderError: UNKNOWN_SERIAL, STALE_TIMESTAMP, SIGNTEST, BAD_SIGNATURE.
 */
export function createSignatureChecker(options: SignatureCheckOptions): (headers: HeaderBag, rawBody: Buffer) => void {
  const now = options.now ?? Date.now;
  const maxSkew = options.maxSkewSeconds ?? 300;
  const keys = new Map(options.publicKeys);
  if (keys.size === 0) throw new TypeError('wechatpay: at least one WeChat Pay public key or platform certificate is required');

  return (headers, rawBody) => {
    const serial = header(headers, 'wechatpay-serial');
    const key = serial === undefined ? undefined : keys.get(serial);
    if (key === undefined) throw fail(serial === undefined ? 'Wechatpay-Serial is missing' : `unknown Wechatpay-Serial ${printable(serial)}`, 'UNKNOWN_SERIAL');

    const timestamp = header(headers, 'wechatpay-timestamp');
    if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) throw fail('Wechatpay-Timestamp is missing or malformed', 'STALE_TIMESTAMP');
    if (Math.abs(Math.floor(now() / 1000) - Number(timestamp)) > maxSkew) {
      throw fail(`Wechatpay-Timestamp is more than ${maxSkew} s away from now`, 'STALE_TIMESTAMP');
    }

    const signature = header(headers, 'wechatpay-signature');
    if (signature !== undefined && isSigntestProbe(signature)) throw fail('signature probe (WECHATPAY/SIGNTEST) refused', 'SIGNTEST');
    const nonce = header(headers, 'wechatpay-nonce');
    if (signature === undefined || nonce === undefined || nonce.length > 64 || /[\r\n]/.test(nonce)) {
      throw fail('Wechatpay-Signature or Wechatpay-Nonce is missing or malformed', 'BAD_SIGNATURE');
    }
    const type = header(headers, 'wechatpay-signature-type');
    if (type !== undefined && type !== AUTH_SCHEMA) throw fail(`unsupported Wechatpay-Signature-Type ${printable(type)}`, 'BAD_SIGNATURE');
    if (!verifyRsaSha256(buildVerifyMessage(timestamp, nonce, rawBody), signature, key)) {
      throw fail('signature does not verify', 'BAD_SIGNATURE');
    }
  };
}

/** Verifies then decrypts a notification: payments into ProviderTransaction, refunds into ProviderRefund. */
export function createNotificationVerifier(options: NotificationVerifierOptions): NotificationVerifier {
  apiV3KeyBytes(options.apiV3Key);
  const check = createSignatureChecker(options);
  /** WECHATPAY.md, Notifications steps 1–5: signature over the raw bytes first, then the resource. */
  const open = (headers: HeaderBag, rawBody: Buffer) => {
    check(headers, rawBody);
    const envelope = parseJson(rawBody.toString('utf8'), 'notification body');
    const resource = envelope.resource;
    if (!isRecord(resource) || typeof envelope.event_type !== 'string') throw fail('notification has no resource or event_type', 'BAD_BODY');
    const plaintext = decryptResource(
      {
        algorithm: asString(resource.algorithm),
        ciphertext: asString(resource.ciphertext) ?? '',
        nonce: asString(resource.nonce) ?? '',
        associated_data: asString(resource.associated_data),
      },
      options.apiV3Key,
    );
    return { resource: parseJson(plaintext, 'decrypted resource'), notificationId: asString(envelope.id) ?? '', eventType: envelope.event_type };
  };
  return {
    verify(headers, rawBody) {
      const { resource, notificationId, eventType } = open(headers, rawBody);
      return { ...toProviderTransaction(resource, 'BAD_BODY'), notificationId, eventType };
    },
    verifyRefund(headers, rawBody) {
      const { resource, notificationId, eventType } = open(headers, rawBody);
      if (!eventType.startsWith('REFUND.')) throw fail(`not a refund notification: ${printable(eventType)}`, 'BAD_BODY');
      return { ...toProviderRefund(resource, 'BAD_BODY'), notificationId, eventType };
    },
  };
}

/**
 * Maps WeChat's refund JSON to the port's shape: the create and query replies carry `status`, a
 * decrypted notification `refund_status` (and mchid).
 */
export function toProviderRefund(raw: Record<string, unknown>, errorCode = 'BAD_RESPONSE'): ProviderRefund {
  const outRefundNo = asString(raw.out_refund_no);
  const refundId = asString(raw.refund_id);
  const status = asString(raw.status) ?? asString(raw.refund_status);
  if (!outRefundNo || !refundId || !REFUND_STATES.includes(status as RefundState)) {
    throw fail('refund lacks out_refund_no, refund_id or a known status', errorCode);
  }
  const amount = isRecord(raw.amount) ? raw.amount : {};
  const refund: ProviderRefund = { outRefundNo, refundId, status: status as RefundState };
  for (const [field, key] of [
    ['refundFen', 'refund'],
    ['totalFen', 'total'],
  ] as const) {
    const value = amount[key];
    if (value === undefined) continue;
    if (!(Number.isSafeInteger(value) && (value as number) >= 0)) throw fail(`amount.${key} is not an integer`, errorCode);
    refund[field] = value as number;
  }
  const outTradeNo = asString(raw.out_trade_no);
  if (outTradeNo) refund.outTradeNo = outTradeNo;
  const successTime = asString(raw.success_time);
  if (successTime) refund.successTime = successTime;
  const mchid = asString(raw.mchid);
  if (mchid) refund.mchid = mchid;
  return refund;
}

/** Maps WeChat's transaction JSON (query reply or decrypted notification) to the port's shape. */
export function toProviderTransaction(raw: Record<string, unknown>, errorCode = 'BAD_RESPONSE'): ProviderTransaction {
  const outTradeNo = asString(raw.out_trade_no);
  const tradeState = asString(raw.trade_state);
  const mchid = asString(raw.mchid);
  const appid = asString(raw.appid);
  if (!outTradeNo || !mchid || !appid || !TRADE_STATES.includes(tradeState as TradeState)) {
    throw fail('transaction lacks out_trade_no, mchid, appid or a known trade_state', errorCode);
  }
  const amount = raw.amount;
  const total = isRecord(amount) ? amount.total : undefined;
  if (total !== undefined && !(Number.isSafeInteger(total) && (total as number) >= 0)) throw fail('amount.total is not an integer', errorCode);
  const transaction: ProviderTransaction = { outTradeNo, tradeState: tradeState as TradeState, mchid, appid };
  const transactionId = asString(raw.transaction_id);
  if (transactionId) transaction.transactionId = transactionId;
  if (typeof total === 'number') transaction.amountFen = total;
  const successTime = asString(raw.success_time);
  if (successTime) transaction.successTime = successTime;
  return transaction;
}

/** Platform-certificate mode: serial (upper-case hex, as in Wechatpay-Serial) → public key. */
export function platformCertificateKeys(pems: readonly string[]): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  pems.forEach((pem, index) => {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new TypeError(`wechatpay: platform certificate #${index + 1} is not a valid PEM X.509 certificate`);
    }
    if (certificate.publicKey.asymmetricKeyType !== 'rsa') throw new TypeError(`wechatpay: platform certificate #${index + 1} has no RSA key`);
    keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
  });
  return keys;
}

/** Case-insensitive header lookup; Node gives lower-case names, WeChat documents `Wechatpay-*`. */
export function header(headers: HeaderBag, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const text = Array.isArray(value) ? value[0] : value;
    return text === undefined ? undefined : text.trim();
  }
  return undefined;
}

export function parseJson(text: string, what: string, errorCode = 'BAD_BODY'): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(`${what} is not JSON`, errorCode);
  }
  if (!isRecord(parsed)) throw fail(`${what} is not a JSON object`, errorCode);
  return parsed;
}

function fail(message: string, code: string): PaymentProviderError {
  return new PaymentProviderError(`wechatpay: ${message}`, code);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function printable(value: string): string {
  return JSON.stringify(value.slice(0, 64));
}
