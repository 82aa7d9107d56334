import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsSender } from '../../src/accounts/verification/senders/aliyun-sms-sender.js';
import { CODE, PHONE, LIMITED_PHONE, HANGING_PHONE, sms, sha256Hex, hmac, expectSenderError, type Fake, listen, closeHttp, readBody, sendJson } from '../helpers/sender-fakes.js';

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
