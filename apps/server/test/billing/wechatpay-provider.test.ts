import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../src/billing/payment/payment-provider.js';
import {
  authorizationHeader,
  buildSignMessage,
  decryptResource,
  encryptResource,
  isSigntestProbe,
  randomNonce,
  signRsaSha256,
  verifyRsaSha256,
} from '../../src/billing/payment/wechatpay/crypto.js';
import { createNotificationVerifier, platformCertificateKeys } from '../../src/billing/payment/wechatpay/notification-verifier.js';
import { loadWechatPayKeys, WechatPayProvider } from '../../src/billing/payment/wechatpay/wechatpay-provider.js';
import { createTestWechatPayConfig, startWechatPayFake, type WechatPayFake } from '../fakes/wechatpay-fake-server.js';

const EXPIRES = new Date('2026-11-22T12:05:00Z');
const NOTIFY = 'https://tianma.example/api/account/pay/notify/wechat';
let sequence = 0;

function order(amountFen = 1990, description = '天马 金币 ×100') {
  sequence += 1;
  return { outTradeNo: `TM${Date.now()}${sequence}`, description, amountFen, expiresAt: EXPIRES, notifyUrl: NOTIFY };
}

async function rejection(work: Promise<unknown> | (() => unknown)): Promise<PaymentProviderError> {
  const error = await Promise.resolve()
    .then(() => (typeof work === 'function' ? work() : work))
    .then(
      () => {
        throw new Error('expected a PaymentProviderError');
      },
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

describe('wechatpay crypto', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = 'a'.repeat(32);

  it('builds the sign message with a trailing newline on every line, empty body for GET', () => {
    expect(buildSignMessage('GET', '/v3/pay/transactions/out-trade-no/TM1?mchid=1', 1700000000, 'N1', '')).toBe(
      'GET\n/v3/pay/transactions/out-trade-no/TM1?mchid=1\n1700000000\nN1\n\n',
    );
    expect(buildSignMessage('POST', '/v3/x', '1700000000', 'N2', '{"a":1}')).toBe('POST\n/v3/x\n1700000000\nN2\n{"a":1}\n');
    expect(() => buildSignMessage('get', '/v3', 1, 'n', '')).toThrow(TypeError);
    expect(() => buildSignMessage('GET', '/v3', 1, 'n\n', '')).toThrow(TypeError);
  });

  it('produces a WECHATPAY2-SHA256-RSA2048 Authorization header whose signature verifies', () => {
    const value = authorizationHeader({
      mchid: '1900000109',
      serialNo: 'ABC123',
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      method: 'POST',
      pathWithQuery: '/v3/pay/transactions/native',
      body: '{"x":1}',
      timestamp: 1700000000,
      nonce: 'NONCE123',
    });
    const match = /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="NONCE123",signature="([A-Za-z0-9+/=]+)",timestamp="1700000000",serial_no="ABC123"$/.exec(value);
    expect(match).not.toBeNull();
    const message = buildSignMessage('POST', '/v3/pay/transactions/native', 1700000000, 'NONCE123', '{"x":1}');
    expect(verifyRsaSha256(message, match![1]!, publicKey)).toBe(true);
    expect(verifyRsaSha256(`${message} `, match![1]!, publicKey)).toBe(false);
    expect(verifyRsaSha256(message, 'not base64!', publicKey)).toBe(false);
    expect(signRsaSha256(message, privateKey)).toBe(match![1]);
    expect(randomNonce()).toMatch(/^[0-9A-F]{32}$/);
  });

  it('round-trips AEAD_AES_256_GCM and refuses a tampered tag, AAD or key', () => {
    const plaintext = '{"trade_state":"SUCCESS","note":"支付成功"}';
    const resource = { ciphertext: encryptResource(plaintext, apiV3Key, 'abcdefabcdef', 'transaction'), nonce: 'abcdefabcdef', associated_data: 'transaction' };
    expect(decryptResource(resource, apiV3Key)).toBe(plaintext);
    expect(decryptResource({ ...resource, algorithm: 'AEAD_AES_256_GCM' }, apiV3Key)).toBe(plaintext);
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    const tampered = { ...resource, ciphertext: bytes.toString('base64') };
    expect(() => decryptResource(tampered, apiV3Key)).toThrow(expect.objectContaining({ code: 'DECRYPT_FAILED' }));
    expect(() => decryptResource({ ...resource, associated_data: 'other' }, apiV3Key)).toThrow(expect.objectContaining({ code: 'DECRYPT_FAILED' }));
    expect(() => decryptResource(resource, 'b'.repeat(32))).toThrow(expect.objectContaining({ code: 'DECRYPT_FAILED' }));
    expect(() => decryptResource({ ...resource, ciphertext: 'AAAA' }, apiV3Key)).toThrow(expect.objectContaining({ code: 'DECRYPT_FAILED' }));
    expect(() => decryptResource(resource, 'short')).toThrow(/32 bytes/);
    expect(isSigntestProbe('WECHATPAY/SIGNTEST/abc')).toBe(true);
    expect(isSigntestProbe('abc')).toBe(false);
  });
});

describe('WechatPayProvider against the fake WeChat Pay v3 server', () => {
  let fake: WechatPayFake;
  let provider: WechatPayProvider;

  beforeAll(async () => {
    fake = await startWechatPayFake();
    provider = new WechatPayProvider(createTestWechatPayConfig(fake));
  });
  afterAll(async () => {
    await fake.close();
  });

  it('creates a Native order, sends RFC 3339 +08:00 and a 127-character description, and is idempotent', async () => {
    const input = order(1990, `${'天'.repeat(126)}😀超出`);
    const { codeUrl } = await provider.createNativeOrder(input);
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const params = fake.orders.get(input.outTradeNo)!.params;
    expect(params.time_expire).toBe('2026-11-22T20:05:00+08:00');
    expect(Array.from(params.description as string)).toHaveLength(127);
    expect(params.amount).toEqual({ total: 1990, currency: 'CNY' });
    expect(await provider.createNativeOrder(input)).toEqual({ codeUrl });
    const reused = await rejection(provider.createNativeOrder({ ...input, amountFen: 2990 }));
    expect([reused.code, reused.status]).toEqual(['OUT_TRADE_NO_USED', 403]);
  });

  it('gets SIGN_ERROR 401 when the request is signed with another merchant key, leaking no secret', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const stranger = new WechatPayProvider(createTestWechatPayConfig(fake, { merchantPrivateKeyPem: otherKey }));
    const error = await rejection(stranger.createNativeOrder(order()));
    expect([error.code, error.status]).toEqual(['SIGN_ERROR', 401]);
    for (const secret of [fake.apiV3Key, otherKey.split('\n')[1]!]) expect(`${error.message}${error.stack}`).not.toContain(secret);
  });

  it('queries NOTPAY, then SUCCESS after payment, and null for an unknown order', async () => {
    const input = order(4990);
    await provider.createNativeOrder(input);
    expect(await provider.queryOrder(input.outTradeNo)).toEqual({
      outTradeNo: input.outTradeNo,
      tradeState: 'NOTPAY',
      amountFen: 4990,
      mchid: fake.mchid,
      appid: fake.appid,
    });
    const transactionId = fake.markPaid(input.outTradeNo);
    const paid = await provider.queryOrder(input.outTradeNo);
    expect(paid).toMatchObject({ tradeState: 'SUCCESS', transactionId, amountFen: 4990 });
    expect(paid?.successTime).toMatch(/\+08:00$/);
    expect(await provider.queryOrder('TM_UNKNOWN_1')).toBeNull();
    const paidClose = await rejection(provider.closeOrder(input.outTradeNo));
    expect([paidClose.code, paidClose.status]).toEqual(['ORDER_PAID', 400]);
  });

  it('closes an order (204, empty signed body) and then reports CLOSED', async () => {
    const input = order();
    await provider.createNativeOrder(input);
    await provider.closeOrder(input.outTradeNo);
    expect((await provider.queryOrder(input.outTradeNo))?.tradeState).toBe('CLOSED');
  });

  it('rejects replies whose signature is corrupted or keyed by an unknown serial', async () => {
    const input = order();
    await provider.createNativeOrder(input);
    fake.behaviour.corruptResponseSignature = true;
    try {
      for (const work of [provider.queryOrder(input.outTradeNo), provider.createNativeOrder(order()), provider.closeOrder(input.outTradeNo)]) {
        expect((await rejection(work)).code).toBe('BAD_SIGNATURE');
      }
      // A forged 404 must not pass for "order unknown".
      expect((await rejection(provider.queryOrder('TM_UNKNOWN_2'))).code).toBe('ORDER_NOT_EXIST');
    } finally {
      fake.behaviour.corruptResponseSignature = false;
    }
    // The close did reach the server; only its unverifiable reply was refused.
    expect((await provider.queryOrder(input.outTradeNo))?.tradeState).toBe('CLOSED');
    const otherKeys = new Map([['PUB_KEY_ID_OTHER', fake.platformPublicKey]]);
    const blind = new WechatPayProvider(createTestWechatPayConfig(fake, { wechatpayPublicKeys: otherKeys }));
    expect((await rejection(blind.queryOrder(input.outTradeNo))).code).toBe('UNKNOWN_SERIAL');
  });

  it('gives up within timeoutMs when the server hangs', async () => {
    const hurried = new WechatPayProvider(createTestWechatPayConfig(fake, { timeoutMs: 300 }));
    fake.behaviour.hang = true;
    const started = Date.now();
    try {
      const error = await rejection(hurried.queryOrder('TM_HANGING_1'));
      expect(error.code).toBe('TIMEOUT');
    } finally {
      fake.behaviour.hang = false;
    }
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses invalid input before calling out', async () => {
    const before = fake.requestCount('create');
    expect((await rejection(provider.createNativeOrder({ ...order(), outTradeNo: 'bad no!' }))).code).toBe('INVALID_INPUT');
    expect((await rejection(provider.createNativeOrder({ ...order(), notifyUrl: 'https://x.example/n?a=1' }))).code).toBe('INVALID_INPUT');
    expect((await rejection(provider.createNativeOrder({ ...order(), amountFen: 0 }))).code).toBe('INVALID_INPUT');
    expect(fake.requestCount('create')).toBe(before);
  });

  it('loads keys from PEM environment values with clear errors', () => {
    const pem = fake.merchantPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicPem = fake.platformPublicKey.export({ type: 'spki', format: 'pem' }).toString();
    const keys = loadWechatPayKeys({
      merchantPrivateKeyPem: pem.replace(/\n/g, '\\n'),
      wechatpayPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
      wechatpayPublicKeyPem: publicPem,
    });
    expect(keys.merchantPrivateKey.asymmetricKeyType).toBe('rsa');
    expect([...keys.wechatpayPublicKeys.keys()]).toEqual(['PUB_KEY_ID_0114232134912410000000000000']);
    expect(() => loadWechatPayKeys({ merchantPrivateKeyPem: 'garbage' })).toThrow(/merchant private key is not a valid PEM/);
    expect(() => loadWechatPayKeys({ merchantPrivateKeyPem: pem, wechatpayPublicKeyId: 'X', wechatpayPublicKeyPem: publicPem })).toThrow(/PUB_KEY_ID_/);
    expect(() => loadWechatPayKeys({ merchantPrivateKeyPem: pem })).toThrow(/public key or platform certificates/);
  });

  describe('notification verifier', () => {
    let paidNo: string;
    let transactionId: string;
    const verifier = (overrides: { apiV3Key?: string; now?: () => number; serial?: string } = {}) =>
      createNotificationVerifier({
        apiV3Key: overrides.apiV3Key ?? fake.apiV3Key,
        publicKeys: new Map([[overrides.serial ?? fake.platformSerial, fake.platformPublicKey]]),
        now: overrides.now,
      });

    beforeAll(async () => {
      const input = order(990);
      await provider.createNativeOrder(input);
      paidNo = input.outTradeNo;
      transactionId = fake.markPaid(paidNo);
    });

    it('verifies and decrypts a genuine notification, with lower-case header names', async () => {
      const { headers, body } = fake.buildNotification(paidNo);
      const result = verifier().verify(lowerCase(headers), Buffer.from(body));
      expect(result).toMatchObject({ outTradeNo: paidNo, tradeState: 'SUCCESS', transactionId, amountFen: 990, eventType: 'TRANSACTION.SUCCESS' });
      expect(result).toMatchObject({ mchid: fake.mchid, appid: fake.appid });
      expect(await provider.parseNotification(headers, Buffer.from(body))).toMatchObject({ outTradeNo: paidNo, amountFen: 990 });
    });

    it('passes through a wrong amount, mchid or appid for the caller to refuse', () => {
      const { headers, body } = fake.buildNotification(paidNo, { amountTotal: 1, mchid: '1230000000', appid: 'wx0000' });
      expect(verifier().verify(headers, Buffer.from(body))).toMatchObject({ amountFen: 1, mchid: '1230000000', appid: 'wx0000' });
    });

    it.each([
      ['a bad signature', { badSignature: true }, 'BAD_SIGNATURE'],
      ['a stale timestamp (past)', { timestampOffsetSeconds: -600 }, 'STALE_TIMESTAMP'],
      ['a future timestamp', { timestampOffsetSeconds: 600 }, 'STALE_TIMESTAMP'],
      ['a SIGNTEST probe', { signtest: true }, 'SIGNTEST'],
      ['an unknown serial', { serial: 'PUB_KEY_ID_UNKNOWN' }, 'UNKNOWN_SERIAL'],
    ])('refuses %s', async (_label, options, code) => {
      const { headers, body } = fake.buildNotification(paidNo, options);
      expect((await rejection(() => verifier().verify(headers, Buffer.from(body)))).code).toBe(code);
      expect((await rejection(provider.parseNotification(headers, Buffer.from(body)))).code).toBe(code);
    });

    it('holds the ±300 s window exactly', async () => {
      const { headers, body } = fake.buildNotification(paidNo);
      const sent = Number(headers['Wechatpay-Timestamp']) * 1000;
      for (const offset of [-300, 300]) expect(verifier({ now: () => sent + offset * 1000 }).verify(headers, Buffer.from(body)).outTradeNo).toBe(paidNo);
      for (const offset of [-301, 301]) {
        expect((await rejection(() => verifier({ now: () => sent + offset * 1000 }).verify(headers, Buffer.from(body)))).code).toBe('STALE_TIMESTAMP');
      }
    });

    it('checks the raw bytes: the same JSON re-serialised fails', async () => {
      const { headers, body } = fake.buildNotification(paidNo);
      for (const altered of [JSON.stringify(JSON.parse(body), null, 2), `${body} `, body.replace('支付成功', '\\u652f\\u4ed8\\u6210\\u529f')]) {
        expect(JSON.parse(altered)).toEqual(JSON.parse(body));
        expect((await rejection(() => verifier().verify(headers, Buffer.from(altered)))).code).toBe('BAD_SIGNATURE');
      }
    });

    it('refuses missing headers and a wrong APIv3 key', async () => {
      const { headers, body } = fake.buildNotification(paidNo);
      const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
      expect((await rejection(() => verifier().verify(without('Wechatpay-Serial'), Buffer.from(body)))).code).toBe('UNKNOWN_SERIAL');
      expect((await rejection(() => verifier().verify(without('Wechatpay-Timestamp'), Buffer.from(body)))).code).toBe('STALE_TIMESTAMP');
      expect((await rejection(() => verifier().verify(without('Wechatpay-Nonce'), Buffer.from(body)))).code).toBe('BAD_SIGNATURE');
      expect((await rejection(() => verifier().verify(without('Wechatpay-Signature'), Buffer.from(body)))).code).toBe('BAD_SIGNATURE');
      expect((await rejection(() => verifier({ apiV3Key: 'k'.repeat(32) }).verify(headers, Buffer.from(body)))).code).toBe('DECRYPT_FAILED');
      expect(() => verifier({ apiV3Key: 'k'.repeat(31) })).toThrow(/32 bytes/);
    });

    it('accepts a notification keyed by a platform certificate serial', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-cert-'));
      try {
        const keyFile = path.join(dir, 'platform.pem');
        const certFile = path.join(dir, 'platform.crt');
        fs.writeFileSync(keyFile, fake.platformPrivateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
        const serial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
        const args = ['req', '-x509', '-new', '-key', keyFile, '-subj', '/CN=Tenpay.com Root CA', '-days', '2', '-set_serial', `0x${serial}`, '-out', certFile];
        execFileSync('openssl', args, { stdio: 'pipe' });
        const keys = platformCertificateKeys([fs.readFileSync(certFile, 'utf8')]);
        expect([...keys.keys()]).toEqual([serial]);
        expect(keys.get(serial)?.equals(createPublicKey(fake.platformPrivateKey))).toBe(true);
        const { headers, body } = fake.buildNotification(paidNo, { serial });
        const byCertificate = createNotificationVerifier({ apiV3Key: fake.apiV3Key, publicKeys: keys });
        expect(byCertificate.verify(headers, Buffer.from(body))).toMatchObject({ outTradeNo: paidNo, tradeState: 'SUCCESS' });
        expect(() => platformCertificateKeys(['not a certificate'])).toThrow(/certificate #1/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('delivers a notification over HTTP', async () => {
      const { createServer } = await import('node:http');
      const received: string[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          try {
            received.push(verifier().verify(req.headers as Record<string, string>, Buffer.concat(chunks)).outTradeNo);
            res.writeHead(204).end();
          } catch {
            res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"code":"FAIL","message":"bad"}');
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/notify`;
      try {
        expect(await fake.deliverNotification(url, paidNo)).toBe(204);
        expect(await fake.deliverNotification(url, paidNo, { signtest: true })).toBe(401);
        expect(received).toEqual([paidNo]);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});
