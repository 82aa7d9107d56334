import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsSender } from '../../src/accounts/verification/senders/aliyun-sms-sender.js';
import { type CodeMessage, codeMessageText, SenderError } from '../../src/accounts/verification/senders/code-sender.js';
import { SmtpEmailSender } from '../../src/accounts/verification/senders/smtp-email-sender.js';
import { TencentSmsSender } from '../../src/accounts/verification/senders/tencent-sms-sender.js';

/*
 * Each adapter talks to a small fake of its vendor on 127.0.0.1. The fakes parse what the
 * official SDK (or nodemailer) really sends and recompute the vendor's signature with the
 * shared secret, so a request that a real vendor would refuse is refused here too.
 */

const CODE = '428613';
const PHONE = '13800138000';
const LIMITED_PHONE = '13900000429';
const HANGING_PHONE = '13700000000';

function sms(target: string, code = CODE): CodeMessage {
  return { channel: 'sms', target, code, purpose: 'LOGIN', validMinutes: 5 };
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** Awaits a rejection and checks it is a SenderError that leaks none of `secrets`. */
async function expectSenderError(work: Promise<unknown>, sender: string, secrets: string[]): Promise<SenderError> {
  const error = await work.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SenderError);
  const senderError = error as SenderError;
  expect(senderError.sender).toBe(sender);
  expect(senderError.message.startsWith(`${sender}: `)).toBe(true);
  for (const secret of secrets) {
    expect(senderError.message).not.toContain(secret);
    expect(String(senderError.stack)).not.toContain(secret);
  }
  return senderError;
}

interface Fake {
  server: http.Server;
  url: string;
}

async function listen(handler: http.RequestListener): Promise<Fake> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

async function closeHttp(fake: Fake | undefined): Promise<void> {
  if (!fake) return;
  fake.server.closeAllConnections();
  await new Promise<void>((resolve) => fake.server.close(() => resolve()));
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------------------------------------
// Aliyun Dysmsapi 2017-05-25 (RPC style, ACS3-HMAC-SHA256 signature)
// ---------------------------------------------------------------------------------------------

const ALIYUN = {
  accessKeyId: 'LTAI5tFakeAccessKeyId',
  accessKeySecret: 'aliyun-SECRET-must-not-leak',
  signName: '天马',
  templateCode: 'SMS_000000001',
};

interface AliyunCall {
  action: string;
  params: Record<string, string>;
}

/** RFC 3986 encoding as Alibaba Cloud's canonical query string uses it. */
function acsEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function startFakeAliyun(calls: AliyunCall[]): Promise<Fake> {
  return listen(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const fail = (status: number, code: string, message: string) =>
      sendJson(res, status, { Code: code, Message: message, RequestId: 'fake-request' });

    // --- authentication: Authorization: ACS3-HMAC-SHA256 Credential=…,SignedHeaders=…,Signature=…
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
    if (!auth) return fail(400, 'MissingAuthorization', 'Authorization header is missing or malformed');
    const [, accessKeyId = '', signedHeaderList = '', signature = ''] = auth;
    if (accessKeyId !== ALIYUN.accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signedHeaders = signedHeaderList.split(';');
    for (const required of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version']) {
      if (!signedHeaders.includes(required)) return fail(400, 'IncompleteSignature', `${required} is not signed`);
    }
    if (req.headers['x-acs-content-sha256'] !== sha256Hex(body)) {
      return fail(400, 'ContentSha256Mismatch', 'x-acs-content-sha256 does not match the body');
    }
    const pairs = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonicalQuery = pairs.map(([k, v]) => `${acsEncode(k)}=${acsEncode(v)}`).join('&');
    const canonicalHeaders = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonicalRequest = [
      req.method,
      url.pathname,
      canonicalQuery,
      canonicalHeaders,
      signedHeaderList,
      req.headers['x-acs-content-sha256'],
    ].join('\n');
    const expected = hmac(ALIYUN.accessKeySecret, `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`).toString('hex');
    if (expected !== signature) return fail(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');

    // --- the call itself: RPC parameters travel in the query (and, for other APIs, a form body)
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
    }
    const action = String(req.headers['x-acs-action'] ?? '');
    calls.push({ action, params });
    if (req.method !== 'POST' || url.pathname !== '/' || action !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25') {
      return fail(400, 'InvalidAction.NotFound', 'Specified api is not found');
    }
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam']) {
      if (!params[name]) return fail(400, 'MissingParameter', `${name} is mandatory for this action.`);
    }
    const templateParam = JSON.parse(params.TemplateParam ?? '{}') as { code?: unknown };
    if (typeof templateParam.code !== 'string') return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法');

    if (params.PhoneNumbers === HANGING_PHONE) return; // never answers
    if (params.PhoneNumbers === LIMITED_PHONE) {
      return sendJson(res, 200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'y' });
    }
    sendJson(res, 200, { Code: 'OK', Message: 'OK', BizId: 'x', RequestId: 'y' });
  });
}

describe('AliyunSmsSender', () => {
  const calls: AliyunCall[] = [];
  let fake: Fake | undefined;
  let sender: AliyunSmsSender;
  const secrets = [ALIYUN.accessKeySecret, CODE];

  beforeAll(async () => {
    fake = await startFakeAliyun(calls);
    sender = new AliyunSmsSender({ ...ALIYUN, endpoint: fake.url });
  });
  afterAll(() => closeHttp(fake));

  it('sends SendSms with the phone, sign, template and {"code"} as a signed request', async () => {
    calls.length = 0;
    await sender.send(sms(PHONE));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.action).toBe('SendSms');
    expect(calls[0]?.params).toMatchObject({
      PhoneNumbers: PHONE,
      SignName: ALIYUN.signName,
      TemplateCode: ALIYUN.templateCode,
    });
    expect(JSON.parse(calls[0]?.params.TemplateParam ?? '')).toEqual({ code: CODE });
    // The secret itself never travels.
    expect(JSON.stringify(calls)).not.toContain(ALIYUN.accessKeySecret);
  });

  it('turns a business error answer into a SenderError with the vendor code', async () => {
    const error = await expectSenderError(sender.send(sms(LIMITED_PHONE)), 'aliyun', secrets);
    expect(error.vendorCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(error.message).toContain('触发分钟级流控');
  });

  it('is refused by the fake when signed with the wrong secret (the signature is really checked)', async () => {
    const wrongSecret = 'some-OTHER-secret-value';
    const wrong = new AliyunSmsSender({ ...ALIYUN, accessKeySecret: wrongSecret, endpoint: fake!.url });
    const error = await expectSenderError(wrong.send(sms(PHONE)), 'aliyun', [wrongSecret, CODE]);
    expect(error.vendorCode).toBe('SignatureDoesNotMatch');
  });

  it('reports an unknown AccessKeyId as a SenderError', async () => {
    const wrong = new AliyunSmsSender({ ...ALIYUN, accessKeyId: 'LTAI-unknown', endpoint: fake!.url });
    const error = await expectSenderError(wrong.send(sms(PHONE)), 'aliyun', secrets);
    expect(error.vendorCode).toBe('InvalidAccessKeyId.NotFound');
  });

  it('gives up on a vendor that never answers', async () => {
    const impatient = new AliyunSmsSender({ ...ALIYUN, endpoint: fake!.url }, { timeoutMs: 300 });
    const started = Date.now();
    await expectSenderError(impatient.send(sms(HANGING_PHONE)), 'aliyun', secrets);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a refused connection without leaking the request', async () => {
    const closed = await listen(() => {});
    await closeHttp(closed);
    const unreachable = new AliyunSmsSender({ ...ALIYUN, endpoint: closed.url });
    const error = await expectSenderError(unreachable.send(sms(PHONE)), 'aliyun', secrets);
    expect(error.vendorCode).toBeUndefined();
    expect(error.message).not.toContain('TemplateParam');
  });
});

// ---------------------------------------------------------------------------------------------
// Tencent Cloud SMS 2021-01-11 (JSON POST, TC3-HMAC-SHA256 signature)
// ---------------------------------------------------------------------------------------------

const TENCENT = {
  secretId: 'AKIDfakeTencentSecretId',
  secretKey: 'tencent-SECRET-must-not-leak',
  sdkAppId: '1400000001',
  signName: '天马',
  templateId: '100001',
  region: 'ap-guangzhou',
};

interface TencentCall {
  action: string;
  region: string;
  service: string;
  body: Record<string, unknown>;
}

function startFakeTencent(calls: TencentCall[]): Promise<Fake> {
  return listen(async (req, res) => {
    const body = await readBody(req);
    const error = (code: string, message: string) =>
      sendJson(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: 'r' } });

    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization header is malformed');
    const [, secretId = '', date = '', service = '', signedHeaderList = '', signature = ''] = auth;
    if (secretId !== TENCENT.secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
      return error('AuthFailure.SignatureExpire', 'The credential date does not match X-TC-Timestamp');
    }
    const signedHeaders = signedHeaderList.split(';');
    if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host')) {
      return error('AuthFailure.SignatureFailure', 'content-type and host must be signed');
    }
    // The SDK signs the host without its port (it only ever expects 443).
    const hostname = new URL(`http://${req.headers.host ?? ''}`).hostname;
    const canonicalHeaders = signedHeaders
      .map((h) => `${h}:${h === 'host' ? hostname : String(req.headers[h] ?? '').trim()}\n`)
      .join('');
    const url = new URL(req.url ?? '/', 'http://fake');
    const canonicalRequest = [req.method, url.pathname, url.search.slice(1), canonicalHeaders, signedHeaderList, sha256Hex(body)].join('\n');
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256Hex(canonicalRequest)}`;
    const kSigning = hmac(hmac(hmac(`TC3${TENCENT.secretKey}`, date), service), 'tc3_request');
    if (hmac(kSigning, stringToSign).toString('hex') !== signature) {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }

    const action = String(req.headers['x-tc-action'] ?? '');
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/json')) {
      return error('InvalidParameter', 'expected a JSON POST');
    }
    const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    calls.push({ action, region: String(req.headers['x-tc-region']), service, body: payload });
    if (action !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
      return error('InvalidAction', `action ${action} not found`);
    }
    const phones = payload.PhoneNumberSet as string[] | undefined;
    if (!Array.isArray(phones) || phones.length !== 1) return error('MissingParameter', 'PhoneNumberSet');
    if (phones[0] === `+86${HANGING_PHONE}`) return; // never answers
    const status =
      phones[0] === `+86${LIMITED_PHONE}`
        ? { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: '单个手机号日下发短信条数超过设定的上限', PhoneNumber: phones[0] }
        : { Code: 'Ok', Message: 'send success', PhoneNumber: phones[0] };
    sendJson(res, 200, { Response: { SendStatusSet: [{ SerialNo: 's', Fee: 1, IsoCode: 'CN', ...status }], RequestId: 'r' } });
  });
}

describe('TencentSmsSender', () => {
  const calls: TencentCall[] = [];
  let fake: Fake | undefined;
  let sender: TencentSmsSender;
  const secrets = [TENCENT.secretKey, CODE];

  beforeAll(async () => {
    fake = await startFakeTencent(calls);
    sender = new TencentSmsSender({ ...TENCENT, endpoint: fake.url });
  });
  afterAll(() => closeHttp(fake));

  it('sends SendSms with +86, the app, sign, template and [code, minutes], signed with TC3', async () => {
    calls.length = 0;
    await sender.send(sms(PHONE));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ action: 'SendSms', region: TENCENT.region });
    expect(calls[0]?.body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: TENCENT.sdkAppId,
      SignName: TENCENT.signName,
      TemplateId: TENCENT.templateId,
      TemplateParamSet: [CODE, '5'],
    });
    // The SDK names the signing scope after the endpoint's first label: "sms" for
    // sms.tencentcloudapi.com, "127" here; the fake verifies whatever scope was signed.
    expect(calls[0]?.service).toBe('127');
  });

  it('turns a failed SendStatus into a SenderError with the vendor code', async () => {
    const error = await expectSenderError(sender.send(sms(LIMITED_PHONE)), 'tencent', secrets);
    expect(error.vendorCode).toBe('LimitExceeded.PhoneNumberDailyLimit');
  });

  it('is refused by the fake when signed with the wrong key (the signature is really checked)', async () => {
    const wrongKey = 'some-OTHER-tencent-key';
    const wrong = new TencentSmsSender({ ...TENCENT, secretKey: wrongKey, endpoint: fake!.url });
    const error = await expectSenderError(wrong.send(sms(PHONE)), 'tencent', [wrongKey, CODE]);
    expect(error.vendorCode).toBe('AuthFailure.SignatureFailure');
  });

  it('reports an unknown SecretId as a SenderError', async () => {
    const wrong = new TencentSmsSender({ ...TENCENT, secretId: 'AKID-unknown', endpoint: fake!.url });
    const error = await expectSenderError(wrong.send(sms(PHONE)), 'tencent', secrets);
    expect(error.vendorCode).toBe('AuthFailure.SecretIdNotFound');
  });

  it('gives up on a vendor that never answers', async () => {
    const impatient = new TencentSmsSender({ ...TENCENT, endpoint: fake!.url }, { timeoutMs: 300 });
    const started = Date.now();
    await expectSenderError(impatient.send(sms(HANGING_PHONE)), 'tencent', secrets);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

// ---------------------------------------------------------------------------------------------
// SMTP (a real smtp-server on 127.0.0.1, AUTH PLAIN/LOGIN without TLS)
// ---------------------------------------------------------------------------------------------

const SMTP_USER = 'user';
const SMTP_PASS = 'smtp-PASS-must-not-leak';
const FROM = 'noreply@tianma.test';
const RCPT_REJECTED = 'nobody@tianma.test';
const DATA_REJECTED = 'full@tianma.test';

interface Delivery {
  user: string | undefined;
  mailFrom: string | false;
  rcptTo: string[];
  raw: string;
}

function email(target: string, code = CODE): CodeMessage {
  return { channel: 'email', target, code, purpose: 'REGISTER', validMinutes: 10 };
}

/** Decodes one MIME body part (quoted-printable or base64) of a single-level multipart message. */
function mimePart(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  for (const part of raw.split(`--${boundary}`)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${contentType}`, 'i').test(head)) continue;
    const content = rest.join('\n\n').trim();
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    return content;
  }
  throw new Error(`no ${contentType} part`);
}

/** Decodes RFC 2047 encoded words (B and Q) of a header value. */
function decodeHeader(value: string): string {
  return value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

describe('SmtpEmailSender', () => {
  const deliveries: Delivery[] = [];
  let smtp: SMTPServer;
  let port = 0;
  let silent: net.Server;
  let silentPort = 0;
  const silentSockets = new Set<net.Socket>();
  const secrets = [SMTP_PASS, CODE];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (address.address === RCPT_REJECTED) {
          return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          if (rcptTo.includes(DATA_REJECTED)) {
            return callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }));
          }
          const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : false;
          deliveries.push({ user: session.user as string | undefined, mailFrom, rcptTo, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;

    // Accepts connections and never says a word: a hung mail server.
    silent = net.createServer((socket) => silentSockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    for (const socket of silentSockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const url = () => `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;

  it('authenticates and delivers the code to the recipient, in text and HTML', async () => {
    deliveries.length = 0;
    const message = email('alice@example.com');
    await new SmtpEmailSender({ url: url(), from: `天马 <${FROM}>` }).send(message);

    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0]!;
    expect(delivery.user).toBe(SMTP_USER);
    expect(delivery.mailFrom).toBe(FROM);
    expect(delivery.rcptTo).toEqual(['alice@example.com']);
    expect(delivery.raw).toMatch(/^To: alice@example\.com\r?$/m);
    expect(delivery.raw).toContain(CODE);
    expect(decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(delivery.raw)?.[1] ?? '')).toBe('天马验证码');
    expect(mimePart(delivery.raw, 'text/plain')).toBe(codeMessageText(message));
    expect(mimePart(delivery.raw, 'text/html')).toContain(`>${CODE}<`);
    expect(delivery.raw).not.toContain(SMTP_PASS);
  });

  it('escapes values in the HTML version', async () => {
    deliveries.length = 0;
    await new SmtpEmailSender({ url: url(), from: FROM }).send(email('bob@example.com', '<b>&1'));
    const html = mimePart(deliveries[0]!.raw, 'text/html');
    expect(html).toContain('&lt;b&gt;&amp;1');
    expect(html).not.toContain('<b>&1');
  });

  it('turns a rejected message (DATA) into a SenderError without the password', async () => {
    const sender = new SmtpEmailSender({ url: url(), from: FROM });
    const error = await expectSenderError(sender.send(email(DATA_REJECTED)), 'smtp', secrets);
    expect(error.message).toContain('552');
  });

  it('turns a rejected recipient (RCPT TO) into a SenderError without the password', async () => {
    const sender = new SmtpEmailSender({ url: url(), from: FROM });
    const error = await expectSenderError(sender.send(email(RCPT_REJECTED)), 'smtp', secrets);
    expect(error.vendorCode).toBe('EENVELOPE');
    expect(error.message).toContain('550');
  });

  it('turns a failed login into a SenderError without either password', async () => {
    const wrongPass = 'wrong-PASS-must-not-leak';
    const sender = new SmtpEmailSender({ url: `smtp://${SMTP_USER}:${wrongPass}@127.0.0.1:${port}`, from: FROM });
    const error = await expectSenderError(sender.send(email('alice@example.com')), 'smtp', [wrongPass, SMTP_PASS, CODE]);
    expect(error.vendorCode).toBe('EAUTH');
  });

  it('gives up on a server that never greets', async () => {
    const sender = new SmtpEmailSender({ url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${silentPort}`, from: FROM }, { timeoutMs: 300 });
    const started = Date.now();
    await expectSenderError(sender.send(email('alice@example.com')), 'smtp', secrets);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
