import { randomBytes } from 'node:crypto';
import { type EndpointSpec, type HostileCase, type HostileContext, hostileIds, INJECTIONS, jsonEndpoint, urlEndpoint } from './hostile-cases.js';

/** Money: orders, their status, the history, the sandbox's confirmation and WeChat Pay's notification. */

const NOTIFY_URL = '/api/account/pay/notify/wechat';

/** Wechatpay-* headers that look right but carry no valid signature. */
function forgedHeaders(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'wechatpay-serial': 'PUB_KEY_ID_SANDBOX',
    'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
    'wechatpay-nonce': randomBytes(16).toString('hex'),
    'wechatpay-signature': randomBytes(256).toString('base64'),
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    ...overrides,
  };
}

/**
 * Notifications an attacker could post to get an order credited. Only a body signed by WeChat Pay
 * (here: the sandbox's key) is believed, and even then only for an order we have, at its amount.
 */
function notificationCases(ctx: HostileContext): HostileCase[] {
  const signed = ctx.signedNotification;
  const notify = (label: string, body: string, headers: Record<string, string>, contentType = 'application/json'): HostileCase => ({
    label,
    request: { method: 'POST', url: NOTIFY_URL, body, contentType, headers },
  });
  // A plaintext "paid" resource for the other user's order: what a forger would write without the key.
  const claimsPaid = JSON.stringify({
    event_type: 'TRANSACTION.SUCCESS',
    resource: { out_trade_no: ctx.otherOutTradeNo, trade_state: 'SUCCESS', amount: { total: 5900 } },
  });
  const { 'wechatpay-signature': _signature, ...unsigned } = signed.headers;
  return [
    notify('empty body, no headers', '', {}),
    notify('signed body without its headers', signed.body, {}),
    notify('plaintext paid claim without a signature', claimsPaid, unsigned),
    notify('plaintext paid claim with a forged signature', claimsPaid, forgedHeaders()),
    notify('signed headers on a forged body', claimsPaid, signed.headers),
    notify('signed notification with one field altered', signed.body.replace('"summary":"', '"summary":"x'), signed.headers),
    notify('unknown Wechatpay-Serial', signed.body, { ...signed.headers, 'wechatpay-serial': 'PUB_KEY_ID_ATTACKER' }),
    notify('stale timestamp (replay)', signed.body, forgedHeaders({ 'wechatpay-timestamp': '1577836800' })),
    notify('signature probe (WECHATPAY/SIGNTEST)', signed.body, forgedHeaders({ 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' })),
    notify('signature type of another scheme', signed.body, { ...signed.headers, 'wechatpay-signature-type': 'HMAC-SHA256' }),
    notify('malformed JSON with forged headers', '{"a":', forgedHeaders()),
    notify('XML body', '<xml><return_code>SUCCESS</return_code></xml>', forgedHeaders(), 'application/xml'),
    notify('sent from a foreign Origin', signed.body, { ...signed.headers, origin: 'https://evil.example.com' }),
    notify('body over the 64 kB limit', JSON.stringify({ padding: 'A'.repeat(65 * 1024) }), forgedHeaders()),
    notify('genuinely signed notification for an order that does not exist', signed.body, signed.headers),
  ];
}

export const BILLING_ENDPOINTS: EndpointSpec[] = [
  jsonEndpoint({
    name: 'POST /api/account/pay/create',
    url: () => '/api/account/pay/create',
    cookie: (ctx) => ctx.me.cookie,
    // 5900 fen is the Pro price, not a coin amount (not a multiple of 200): refused as it stands.
    base: () => ({ amount: 5900, payType: 0, description: '金币充值' }),
    enums: { payType: [2, -1, 1.5, '1'], amount: [-200, 0, 1e308, 200.5, 1_000_000_000_000, 2_147_483_800] },
    freeText: ['description'],
  }),
  urlEndpoint({
    name: 'GET /api/account/pay/status',
    authed: true,
    own: (ctx) => `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}`,
    urls: (ctx) => ({
      "another user's order": `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}`,
      "another user's deepspaceId": `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=${ctx.other.deepspaceId}`,
      'no outTradeNo': '/api/account/pay/status',
      'outTradeNo twice': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&outTradeNo=x`,
      ...hostileIds('/api/account/pay/status?outTradeNo='),
      'deepspaceId: sql injection': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=${encodeURIComponent(INJECTIONS.sql!)}`,
      'deepspaceId: negative': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=-1`,
      'deepspaceId: past 2^53': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=99999999999999999999999`,
      'deepspaceId twice (mine, then theirs)': `/api/account/pay/status?outTradeNo=${ctx.otherOutTradeNo}&deepspaceId=${ctx.me.deepspaceId}&deepspaceId=${ctx.other.deepspaceId}`,
    }),
  }),
  urlEndpoint({
    name: 'GET /api/account/billing/history',
    authed: true,
    own: () => '/api/account/billing/history',
    urls: () => ({}),
  }),
  urlEndpoint({
    name: 'POST /api/account/pay/sandbox/{outTradeNo}/confirm',
    method: 'POST',
    authed: true,
    // A forged cookie confirming someone's order would credit it: the ledger would show it.
    own: (ctx) => `/api/account/pay/sandbox/${ctx.otherOutTradeNo}/confirm`,
    urls: (ctx) => ({
      "another user's order": `/api/account/pay/sandbox/${ctx.otherOutTradeNo}/confirm`,
      'unknown order': '/api/account/pay/sandbox/TM20000101000000ffffffffff/confirm',
      ...hostileIds('/api/account/pay/sandbox/', '/confirm'),
    }),
  }),
  {
    name: 'POST /api/account/pay/notify/wechat',
    shape: 'fail',
    cases: notificationCases,
  },
];
