import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildSignMessage,
  buildVerifyMessage,
  encryptResource,
  randomNonce,
  signRsaSha256,
  verifyRsaSha256,
} from '../../src/billing/payment/wechatpay/crypto.js';
import type { WechatPayConfig } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';

/*
 * A fake WeChat Pay API v3 (Native) on 127.0.0.1: it checks our Authorization signature with
 * the merchant public key, keeps orders in memory, and signs every reply with its platform key
 * (serial PUB_KEY_ID_TEST), so an adapter that WeChat would refuse is refused here too.
 */

export interface NotificationOptions {
  /** amount.total in the notification (default: the recorded total). */
  amountTotal?: number;
  badSignature?: boolean;
  timestampOffsetSeconds?: number;
  signtest?: boolean;
  serial?: string;
  mchid?: string;
  appid?: string;
}

export interface FakeOrder {
  params: Record<string, unknown>;
  codeUrl: string;
  total: number;
  tradeState: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId?: string;
  successTime?: string;
}

export type FakeRefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface FakeRefund {
  params: Record<string, unknown>;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  status: FakeRefundStatus;
  createTime: string;
  successTime?: string;
}

export interface RefundNotificationOptions extends Omit<NotificationOptions, 'appid' | 'amountTotal'> {
  /** event_type and refund_status (default: the refund's status, which must not be PROCESSING). */
  status?: Exclude<FakeRefundStatus, 'PROCESSING'>;
  /** amount.refund in the notification (default: the recorded refund). */
  refundAmount?: number;
}

export type FakeRoute = 'create' | 'query' | 'close' | 'refund' | 'refund-query' | 'unknown';

export interface WechatPayFake {
  url: string;
  mchid: string;
  appid: string;
  merchantSerialNo: string;
  merchantPrivateKey: KeyObject;
  platformSerial: string;
  platformPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  apiV3Key: string;
  orders: Map<string, FakeOrder>;
  /** Refunds by out_refund_no. */
  refunds: Map<string, FakeRefund>;
  /**
   * Switches a test flips directly. `refundStatus`: what a new refund answers (WeChat usually says
   * PROCESSING, and SUCCESS comes by notification); `refuseRefund`: an error code every refund gets.
   */
  behaviour: {
    corruptResponseSignature: boolean;
    hang: boolean;
    delayMs: number;
    refuseClose: boolean;
    refundStatus: 'PROCESSING' | 'SUCCESS';
    refuseRefund: string | null;
  };
  requestCount(route: FakeRoute): number;
  /** Calls of this route that passed the signature check and were answered 2xx. */
  acceptedCount(route: FakeRoute): number;
  inFlight(route: FakeRoute): number;
  maxInFlight(route: FakeRoute): number;
  markPaid(outTradeNo: string, options?: { amountTotal?: number }): string;
  buildNotification(outTradeNo: string, options?: NotificationOptions): { headers: Record<string, string>; body: string };
  deliverNotification(url: string, outTradeNo: string, options?: NotificationOptions): Promise<number>;
  /** Moves a refund to its final state at the fake (as WeChat does when the money has gone back). */
  completeRefund(outRefundNo: string, status?: Exclude<FakeRefundStatus, 'PROCESSING'>): FakeRefund;
  buildRefundNotification(outRefundNo: string, options?: RefundNotificationOptions): { headers: Record<string, string>; body: string };
  deliverRefundNotification(url: string, outRefundNo: string, options?: RefundNotificationOptions): Promise<number>;
  close(): Promise<void>;
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[0-9A-Za-z_\-|*@]{1,64}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const AUTH = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;

class Reply {
  constructor(
    readonly status: number,
    readonly json?: object,
  ) {}
}

function hasNull(value: unknown): boolean {
  if (value === null) return true;
  return typeof value === 'object' && Object.values(value).some(hasNull);
}

function failure(status: number, code: string, message: string): Reply {
  return new Reply(status, { code, message });
}

export async function startWechatPayFake(options: { mchid?: string; appid?: string; now?: () => number } = {}): Promise<WechatPayFake> {
  const now = options.now ?? Date.now;
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const counts = new Map<FakeRoute, { total: number; live: number; max: number; accepted: number }>();
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  const behaviour: WechatPayFake['behaviour'] = {
    corruptResponseSignature: false,
    hang: false,
    delayMs: 0,
    refuseClose: false,
    refundStatus: 'PROCESSING',
    refuseRefund: null,
  };
  const beijingNow = () => `${new Date(now() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
  const mchid = options.mchid ?? '1900000109';
  const appid = options.appid ?? 'wxd678efh567hg6787';
  const merchantSerialNo = '3775B6A45ACD588826D15E583A95F5DD20000001';
  const apiV3Key = randomBytes(16).toString('hex');
  const seconds = () => Math.floor(now() / 1000);

  const stat = (route: FakeRoute) => counts.get(route) ?? counts.set(route, { total: 0, live: 0, max: 0, accepted: 0 }).get(route)!;

  function checkAuthorization(req: http.IncomingMessage, body: string): Reply | undefined {
    const match = AUTH.exec(req.headers.authorization ?? '');
    const fields = Object.fromEntries([...(match?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const { mchid: who, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (!match || !who || !nonce || !signature || !timestamp || !serial) return failure(401, 'SIGN_ERROR', 'malformed Authorization');
    if (who !== mchid || serial !== merchantSerialNo) return failure(401, 'SIGN_ERROR', 'unknown merchant or serial');
    if (nonce.length > 32 || !/^\d+$/.test(timestamp) || Math.abs(seconds() - Number(timestamp)) > 300) {
      return failure(401, 'SIGN_ERROR', 'bad nonce or timestamp');
    }
    const message = buildSignMessage(req.method ?? '', req.url ?? '', timestamp, nonce, body);
    if (!verifyRsaSha256(message, signature, merchant.publicKey)) return failure(401, 'SIGN_ERROR', 'signature mismatch');
    return undefined;
  }

  function create(body: Record<string, unknown>): Reply {
    const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
    const description = body.description;
    const notifyUrl = typeof body.notify_url === 'string' && URL.canParse(body.notify_url) ? new URL(body.notify_url) : null;
    const valid =
      body.appid === appid &&
      body.mchid === mchid &&
      typeof description === 'string' &&
      description.length >= 1 &&
      Array.from(description).length <= 127 &&
      typeof body.out_trade_no === 'string' &&
      OUT_TRADE_NO.test(body.out_trade_no) &&
      typeof body.time_expire === 'string' &&
      RFC3339.test(body.time_expire) &&
      notifyUrl?.protocol === 'https:' &&
      notifyUrl.search === '' &&
      Number.isSafeInteger(amount?.total) &&
      (amount?.total as number) > 0 &&
      amount?.currency === 'CNY';
    if (!valid) return failure(400, 'PARAM_ERROR', 'missing or invalid parameter');
    const outTradeNo = body.out_trade_no as string;
    const existing = orders.get(outTradeNo);
    if (existing) {
      if (JSON.stringify(existing.params) !== JSON.stringify(body)) return failure(403, 'OUT_TRADE_NO_USED', 'out_trade_no already used');
      if (existing.tradeState === 'SUCCESS') return failure(400, 'ORDERPAID', 'order already paid');
      if (existing.tradeState === 'CLOSED') return failure(400, 'ORDER_CLOSED', 'order closed');
      return new Reply(200, { code_url: existing.codeUrl });
    }
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`;
    orders.set(outTradeNo, { params: body, codeUrl, total: amount?.total as number, tradeState: 'NOTPAY' });
    return new Reply(200, { code_url: codeUrl });
  }

  function transaction(outTradeNo: string, order: FakeOrder, overrides: NotificationOptions = {}): Record<string, unknown> {
    const paid = order.tradeState === 'SUCCESS';
    return {
      appid: overrides.appid ?? appid,
      mchid: overrides.mchid ?? mchid,
      out_trade_no: outTradeNo,
      ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
      trade_type: 'NATIVE',
      trade_state: order.tradeState,
      trade_state_desc: paid ? '支付成功' : order.tradeState === 'CLOSED' ? '订单已关闭' : '订单未支付',
      ...(paid ? { bank_type: 'OTHERS', success_time: order.successTime, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      amount: {
        total: overrides.amountTotal ?? order.total,
        currency: 'CNY',
        ...(paid ? { payer_total: overrides.amountTotal ?? order.total, payer_currency: 'CNY' } : {}),
      },
    };
  }

  /** `POST /v3/refund/domestic/refunds`, with WeChat's checks: a paid order, the right total, refunds within it. */
  function createRefund(body: Record<string, unknown>): Reply {
    const amount = body.amount as { refund?: unknown; total?: unknown; currency?: unknown } | undefined;
    const notifyUrl = body.notify_url === undefined ? undefined : typeof body.notify_url === 'string' && URL.canParse(body.notify_url) ? new URL(body.notify_url) : null;
    const valid =
      typeof body.out_trade_no === 'string' &&
      OUT_TRADE_NO.test(body.out_trade_no) &&
      typeof body.out_refund_no === 'string' &&
      OUT_REFUND_NO.test(body.out_refund_no) &&
      (body.reason === undefined || (typeof body.reason === 'string' && Array.from(body.reason).length <= 80)) &&
      (notifyUrl === undefined || (notifyUrl?.protocol === 'https:' && notifyUrl.search === '')) &&
      Number.isSafeInteger(amount?.refund) &&
      (amount?.refund as number) > 0 &&
      Number.isSafeInteger(amount?.total) &&
      amount?.currency === 'CNY';
    if (!valid) return failure(400, 'PARAM_ERROR', 'missing or invalid parameter');
    const outRefundNo = body.out_refund_no as string;
    const existing = refunds.get(outRefundNo);
    if (existing) {
      // The same number is the same refund: answered as it stands, never refunded twice.
      if (existing.outTradeNo !== body.out_trade_no || existing.refund !== amount?.refund) return failure(400, 'INVALID_REQUEST', 'out_refund_no already used');
      return new Reply(200, refundJson(outRefundNo, existing));
    }
    if (behaviour.refuseRefund) return failure(403, behaviour.refuseRefund, 'refund refused');
    const order = orders.get(body.out_trade_no as string);
    if (!order) return failure(404, 'RESOURCE_NOT_EXISTS', 'order does not exist');
    if (order.tradeState !== 'SUCCESS') return failure(400, 'INVALID_REQUEST', 'order is not paid');
    if (amount?.total !== order.total) return failure(400, 'INVALID_REQUEST', 'total differs from the order');
    const claimed = [...refunds.values()]
      .filter((r) => r.outTradeNo === body.out_trade_no && (r.status === 'SUCCESS' || r.status === 'PROCESSING'))
      .reduce((sum, r) => sum + r.refund, 0);
    if (claimed + (amount.refund as number) > order.total) return failure(400, 'INVALID_REQUEST', 'refunds exceed the order total');
    const refund: FakeRefund = {
      params: body,
      outTradeNo: body.out_trade_no as string,
      refundId: `50300${String(Date.now()).padStart(14, '0')}${randomBytes(5).readUInt32BE().toString().padStart(10, '0')}`,
      refund: amount.refund as number,
      total: order.total,
      status: behaviour.refundStatus,
      createTime: beijingNow(),
      ...(behaviour.refundStatus === 'SUCCESS' ? { successTime: beijingNow() } : {}),
    };
    refunds.set(outRefundNo, refund);
    return new Reply(200, refundJson(outRefundNo, refund));
  }

  function refundJson(outRefundNo: string, refund: FakeRefund): Record<string, unknown> {
    return {
      refund_id: refund.refundId,
      out_refund_no: outRefundNo,
      transaction_id: orders.get(refund.outTradeNo)?.transactionId,
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime ? { success_time: refund.successTime } : {}),
      create_time: refund.createTime,
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: refund.total,
        refund: refund.refund,
        payer_total: refund.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: refund.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  function route(req: http.IncomingMessage): { name: FakeRoute; outTradeNo?: string; outRefundNo?: string; query?: URLSearchParams } {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') return { name: 'create' };
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') return { name: 'refund' };
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refundQuery?.[1]) return { name: 'refund-query', outRefundNo: decodeURIComponent(refundQuery[1]) };
    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (!match?.[1]) return { name: 'unknown' };
    const outTradeNo = decodeURIComponent(match[1]);
    if (req.method === 'POST' && match[2]) return { name: 'close', outTradeNo };
    if (req.method === 'GET' && !match[2]) return { name: 'query', outTradeNo, query: url.searchParams };
    return { name: 'unknown' };
  }

  function handle(req: http.IncomingMessage, text: string): Reply {
    const target = route(req);
    const denied = checkAuthorization(req, text);
    if (denied) return denied;
    if (!String(req.headers.accept).includes('application/json') || !req.headers['user-agent']) {
      return failure(400, 'PARAM_ERROR', 'Accept and User-Agent are required');
    }
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/json')) return failure(400, 'PARAM_ERROR', 'JSON expected');
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return failure(400, 'PARAM_ERROR', 'body is not JSON');
      }
      if (hasNull(body)) return failure(400, 'PARAM_ERROR', 'null values are not allowed');
    }
    if (target.name === 'create') return create(body);
    if (target.name === 'refund') return createRefund(body);
    if (target.name === 'refund-query') {
      const refund = refunds.get(target.outRefundNo ?? '');
      return refund ? new Reply(200, refundJson(target.outRefundNo!, refund)) : failure(404, 'RESOURCE_NOT_EXISTS', 'refund does not exist');
    }
    if (target.name === 'unknown' || !target.outTradeNo) return failure(404, 'NOT_FOUND', 'no such API');
    const mchidGiven = target.name === 'query' ? target.query?.get('mchid') : body.mchid;
    if (mchidGiven !== mchid) return failure(400, 'PARAM_ERROR', 'mchid mismatch');
    const order = orders.get(target.outTradeNo);
    if (!order) return failure(404, 'ORDER_NOT_EXIST', 'order does not exist');
    if (target.name === 'query') return new Reply(200, transaction(target.outTradeNo, order));
    if (order.tradeState === 'SUCCESS') return failure(400, 'ORDER_PAID', 'order already paid');
    if (behaviour.refuseClose) return failure(500, 'SYSTEM_ERROR', 'system busy');
    order.tradeState = 'CLOSED';
    return new Reply(204);
  }

  function signedHeaders(body: string, signer: (message: Buffer) => string, serial = 'PUB_KEY_ID_TEST', offset = 0) {
    const timestamp = String(seconds() + offset);
    const nonce = randomNonce();
    return {
      'Wechatpay-Serial': serial,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signer(buildVerifyMessage(timestamp, nonce, body)),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  const platformSign = (message: Buffer) => signRsaSha256(message, platform.privateKey);
  const corrupt = (signature: string) => `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = stat(route(req).name);
      entry.total += 1;
      entry.live += 1;
      entry.max = Math.max(entry.max, entry.live);
      res.on('close', () => {
        entry.live -= 1;
      });
      if (behaviour.hang) return;
      const reply = handle(req, Buffer.concat(chunks).toString('utf8'));
      if (reply.status >= 200 && reply.status < 300) entry.accepted += 1;
      const body = reply.json ? JSON.stringify(reply.json) : '';
      const headers = signedHeaders(body, (m) => (behaviour.corruptResponseSignature ? corrupt(platformSign(m)) : platformSign(m)));
      setTimeout(() => {
        res.writeHead(reply.status, { ...headers, 'Request-ID': randomUUID(), ...(body ? { 'Content-Type': 'application/json' } : {}) });
        res.end(body);
      }, behaviour.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function markPaid(outTradeNo: string, paid: { amountTotal?: number } = {}): string {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake wechatpay: no order ${outTradeNo}`);
    order.tradeState = 'SUCCESS';
    order.total = paid.amountTotal ?? order.total;
    order.transactionId ??= `4200${String(Date.now()).padStart(14, '0')}${randomBytes(5).readUInt32BE().toString().padStart(10, '0')}`;
    order.successTime ??= `${new Date(now() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
    return order.transactionId;
  }

  function buildNotification(outTradeNo: string, notify: NotificationOptions = {}) {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake wechatpay: no order ${outTradeNo}`);
    if (order.tradeState === 'NOTPAY') markPaid(outTradeNo);
    const plaintext = JSON.stringify(transaction(outTradeNo, order, notify));
    const nonce = randomBytes(6).toString('hex');
    const resource = { algorithm: 'AEAD_AES_256_GCM', ciphertext: encryptResource(plaintext, apiV3Key, nonce, 'transaction'), associated_data: 'transaction', nonce };
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: order.successTime,
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', ...resource },
    });
    const signer = (message: Buffer) => {
      if (notify.signtest) return `WECHATPAY/SIGNTEST/${randomBytes(96).toString('base64')}`;
      return notify.badSignature ? corrupt(platformSign(message)) : platformSign(message);
    };
    const headers = signedHeaders(body, signer, notify.serial, notify.timestampOffsetSeconds);
    return { headers: { ...headers, 'Content-Type': 'application/json' }, body };
  }

  function completeRefund(outRefundNo: string, status: Exclude<FakeRefundStatus, 'PROCESSING'> = 'SUCCESS'): FakeRefund {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
    if (refund.status === 'PROCESSING') {
      refund.status = status;
      if (status === 'SUCCESS') refund.successTime = beijingNow();
    }
    return refund;
  }

  function buildRefundNotification(outRefundNo: string, notify: RefundNotificationOptions = {}) {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake wechatpay: no refund ${outRefundNo}`);
    const status = notify.status ?? (refund.status === 'PROCESSING' ? 'SUCCESS' : refund.status);
    if (refund.status === 'PROCESSING') completeRefund(outRefundNo, status);
    const plaintext = JSON.stringify({
      mchid: notify.mchid ?? mchid,
      transaction_id: orders.get(refund.outTradeNo)?.transactionId,
      out_trade_no: refund.outTradeNo,
      refund_id: refund.refundId,
      out_refund_no: outRefundNo,
      refund_status: status,
      ...(status === 'SUCCESS' ? { success_time: refund.successTime ?? beijingNow() } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: refund.total, refund: notify.refundAmount ?? refund.refund, payer_total: refund.total, payer_refund: notify.refundAmount ?? refund.refund },
    });
    const nonce = randomBytes(6).toString('hex');
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijingNow(),
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${status}`,
      summary: status === 'SUCCESS' ? '退款成功' : status === 'CLOSED' ? '退款关闭' : '退款异常',
      resource: {
        original_type: 'refund',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(plaintext, apiV3Key, nonce, 'refund'),
        associated_data: 'refund',
        nonce,
      },
    });
    const signer = (message: Buffer) => {
      if (notify.signtest) return `WECHATPAY/SIGNTEST/${randomBytes(96).toString('base64')}`;
      return notify.badSignature ? corrupt(platformSign(message)) : platformSign(message);
    };
    const headers = signedHeaders(body, signer, notify.serial, notify.timestampOffsetSeconds);
    return { headers: { ...headers, 'Content-Type': 'application/json' }, body };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    mchid,
    appid,
    merchantSerialNo,
    merchantPrivateKey: merchant.privateKey,
    platformSerial: 'PUB_KEY_ID_TEST',
    platformPublicKey: platform.publicKey,
    platformPrivateKey: platform.privateKey,
    apiV3Key,
    orders,
    refunds,
    behaviour,
    requestCount: (name) => stat(name).total,
    acceptedCount: (name) => stat(name).accepted,
    inFlight: (name) => stat(name).live,
    maxInFlight: (name) => stat(name).max,
    markPaid,
    buildNotification,
    async deliverNotification(url, outTradeNo, notify) {
      const { headers, body } = buildNotification(outTradeNo, notify);
      const response = await fetch(url, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status;
    },
    completeRefund,
    buildRefundNotification,
    async deliverRefundNotification(url, outRefundNo, notify) {
      const { headers, body } = buildRefundNotification(outRefundNo, notify);
      const response = await fetch(url, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Provider config that talks to the fake with the fake's keys. */
export function createTestWechatPayConfig(fake: WechatPayFake, overrides: Partial<WechatPayConfig> = {}): WechatPayConfig {
  return {
    baseUrl: fake.url,
    mchid: fake.mchid,
    appid: fake.appid,
    merchantSerialNo: fake.merchantSerialNo,
    merchantPrivateKeyPem: fake.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: fake.apiV3Key,
    wechatpayPublicKeys: new Map([[fake.platformSerial, fake.platformPublicKey]]),
    timeoutMs: 2_000,
    ...overrides,
  };
}
