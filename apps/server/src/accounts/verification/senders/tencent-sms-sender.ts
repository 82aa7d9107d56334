import type { sms } from 'tencentcloud-sdk-nodejs-sms';
import { lazyRequire } from '../../../platform/lazy-require.js';
import { type CodeMessage, type CodeSender, SenderError } from './code-sender.js';
import { DeadlineError, parseVendorEndpoint, scrub as scrubText, withDeadline } from './sender-support.js';

const scrub = (text: string, secrets: string[]) => scrubText(text, secrets, { stripQuery: true });

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** A host (`sms.tencentcloudapi.com`, reached over https) or a full URL (`http://127.0.0.1:8080`). */
  endpoint: string;
}

export interface TencentSmsOptions {
  /** Upper bound for one send, connecting included (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Loaded only where SMS_PROVIDER=tencent. */
const sdk = lazyRequire<typeof import('tencentcloud-sdk-nodejs-sms')>('tencentcloud-sdk-nodejs-sms');
type SmsClientInstance = InstanceType<typeof sms.v20210111.Client>;

/**
 * Tencent Cloud (腾讯云) SMS 2021-01-11 SendSms through the official SDK (TC3-HMAC-SHA256).
 * The template takes two variables: the code and its validity in minutes.
 */
export class TencentSmsSender implements CodeSender {
  readonly name = 'tencent';
  private readonly client: SmsClientInstance;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: TencentSmsConfig,
    options: TencentSmsOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const { secure, host } = parseVendorEndpoint('tencent', config.endpoint);
    const protocol = secure ? 'https://' : 'http://';
    const SmsClient = sdk().sms.v20210111.Client;
    this.client = new SmsClient({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        signMethod: 'TC3-HMAC-SHA256',
        // reqTimeout is in seconds and becomes node-fetch's whole-request timeout.
        httpProfile: { endpoint: host, protocol, reqMethod: 'POST', reqTimeout: this.timeoutMs / 1000 },
      },
    });
  }

  async send(message: CodeMessage): Promise<void> {
    if (message.channel !== 'sms') {
      throw new SenderError(this.name, `cannot deliver channel ${message.channel}`);
    }
    const secrets = [this.config.secretKey, message.code];
    let response: Awaited<ReturnType<SmsClientInstance['SendSms']>>;
    try {
      response = await withDeadline(
        this.client.SendSms({
          PhoneNumberSet: [`+86${message.target}`],
          SmsSdkAppId: this.config.sdkAppId,
          SignName: this.config.signName,
          TemplateId: this.config.templateId,
          TemplateParamSet: [message.code, String(message.validMinutes)],
        }),
        this.timeoutMs,
      );
    } catch (error) {
      throw this.translate(error, secrets);
    }

    const status = response.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      const code = status?.Code || 'NoSendStatus';
      throw new SenderError(this.name, scrub(`${code}: ${status?.Message ?? 'empty SendStatusSet'}`, secrets), code);
    }
  }

  private translate(error: unknown, secrets: string[]): SenderError {
    if (error instanceof DeadlineError) {
      return new SenderError(this.name, `no answer within ${this.timeoutMs} ms`);
    }
    // TencentCloudSDKHttpException: `code` is Response.Error.Code when the API answered with an
    // error, `httpCode` a non-200 status; transport failures (node-fetch) carry neither.
    const err = (error ?? {}) as { code?: unknown; httpCode?: unknown; message?: unknown };
    const text = typeof err.message === 'string' && err.message ? err.message : String(error);
    if (typeof err.code === 'string' && err.code) {
      return new SenderError(this.name, scrub(`${err.code}: ${text}`, secrets), err.code);
    }
    if (typeof err.httpCode === 'number') {
      return new SenderError(this.name, scrub(`HTTP ${err.httpCode}: ${text}`, secrets), `HTTP_${err.httpCode}`);
    }
    return new SenderError(this.name, scrub(`request failed: ${text}`, secrets));
  }
}
