import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TencentSmsSender } from '../../src/accounts/verification/senders/tencent-sms-sender.js';
import { CODE, PHONE, LIMITED_PHONE, HANGING_PHONE, sms, sha256Hex, hmac, expectSenderError, type Fake, listen, closeHttp, readBody, sendJson } from '../helpers/sender-fakes.js';

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
