import { sms } from 'tencentcloud-sdk-nodejs-sms';
import { type CodeMessage, type CodeSender, SenderError } from './code-sender.js';

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

const SmsClient = sms.v20210111.Client;
type SmsClientInstance = InstanceType<typeof SmsClient>;

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
    const { protocol, host } = parseEndpoint(config.endpoint);
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

/** `sms.tencentcloudapi.com` → https; `http://127.0.0.1:8080` → that scheme and host:port. */
function parseEndpoint(endpoint: string): { protocol: 'http://' | 'https://'; host: string } {
  const trimmed = endpoint.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    if (trimmed === '' || /[/?#@\s]/.test(trimmed)) throw new Error(`tencent: invalid endpoint host "${trimmed}"`);
    return { protocol: 'https://', host: trimmed };
  }
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`tencent: endpoint must be http or https, not ${url.protocol}`);
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search) {
    throw new Error('tencent: endpoint URL must be scheme://host[:port] only');
  }
  return { protocol: url.protocol === 'http:' ? 'http://' : 'https://', host: url.host };
}

class DeadlineError extends Error {}

/** Rejects after `ms` even if the SDK's own timer does not fire; the late outcome is ignored. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Removes secrets, URL query strings and user:pass from a message meant for logs. */
function scrub(text: string, secrets: string[]): string {
  let out = text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1').replace(/(:\/\/[^\s?#]*)[?#]\S*/g, '$1');
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join('***');
  }
  return out.length > 500 ? `${out.slice(0, 500)}…` : out;
}
