import { lazyRequire } from '../../../platform/lazy-require.js';
import { type CodeMessage, type CodeSender, SenderError } from './code-sender.js';
import { DeadlineError, parseVendorEndpoint, scrub as scrubText, withDeadline } from './sender-support.js';

const scrub = (text: string, secrets: string[]) => scrubText(text, secrets, { stripQuery: true });

// The SDK is CommonJS with its client on `exports.default`. Node's ESM loader hands over
// module.exports as the default import while vitest unwraps `exports.default`, so it is taken
// with require(), which means the same thing everywhere; on first use, so only processes with
// SMS_PROVIDER=aliyun load it.
type DysmsapiExports = typeof import('@alicloud/dysmsapi20170525', { with: { 'resolution-mode': 'require' } });
type OpenApiExports = typeof import('@alicloud/openapi-client', { with: { 'resolution-mode': 'require' } });
const dysmsapi = lazyRequire<DysmsapiExports>('@alicloud/dysmsapi20170525');
const openApi = lazyRequire<OpenApiExports>('@alicloud/openapi-client');

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** A host (`dysmsapi.aliyuncs.com`, reached over https) or a full URL (`http://127.0.0.1:8080`). */
  endpoint: string;
}

export interface AliyunSmsOptions {
  /** Upper bound for one send, connecting included (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

type DysmsapiClient = InstanceType<DysmsapiExports['default']>;

/**
 * Aliyun (阿里云) Dysmsapi SendSms through the official SDK. The template must take one
 * variable, `${code}`. The SDK signs with ACS3-HMAC-SHA256 (Authorization header); the
 * secret only feeds the signature and is scrubbed from every error message.
 */
export class AliyunSmsSender implements CodeSender {
  readonly name = 'aliyun';
  private readonly client: DysmsapiClient;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: AliyunSmsConfig,
    options: AliyunSmsOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const { secure, host } = parseVendorEndpoint('aliyun', config.endpoint);
    const protocol = secure ? 'https' : 'http';
    // dysmsapi 4.x runs on @alicloud/openapi-core, whose constructor only reads these fields;
    // openapi-client's Config is the same Tea model shape.
    const sdkConfig = new (openApi().Config)({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: host,
      protocol,
      connectTimeout: this.timeoutMs,
      readTimeout: this.timeoutMs,
    });
    this.client = new (dysmsapi().default)(sdkConfig);
  }

  async send(message: CodeMessage): Promise<void> {
    if (message.channel !== 'sms') {
      throw new SenderError(this.name, `cannot deliver channel ${message.channel}`);
    }
    const request = new (dysmsapi().SendSmsRequest)({
      phoneNumbers: message.target,
      signName: this.config.signName,
      templateCode: this.config.templateCode,
      templateParam: JSON.stringify({ code: message.code }),
    });
    const secrets = [this.config.accessKeySecret, message.code];

    let response: Awaited<ReturnType<DysmsapiClient['sendSms']>>;
    try {
      response = await withDeadline(this.client.sendSms(request), this.timeoutMs);
    } catch (error) {
      throw this.translate(error, secrets);
    }

    const body = response.body;
    if (body?.code !== 'OK') {
      const code = body?.code || `HTTP_${response.statusCode ?? 'unknown'}`;
      throw new SenderError(this.name, scrub(`${code}: ${body?.message ?? 'no message'}`, secrets), code);
    }
  }

  private translate(error: unknown, secrets: string[]): SenderError {
    if (error instanceof DeadlineError) {
      return new SenderError(this.name, `no answer within ${this.timeoutMs} ms`);
    }
    const err = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown; statusCode?: unknown };
    const text = typeof err.message === 'string' ? err.message : String(error);
    // Vendor errors (openapi-core ClientError/ServerError/ThrottlingError) carry statusCode and the
    // vendor's Code; transport errors (httpx) carry a Node code such as ECONNREFUSED instead.
    if (typeof err.statusCode === 'number' && typeof err.code === 'string' && err.code !== '') {
      const described = text.startsWith(err.code) ? text : `${err.code}: ${text}`;
      return new SenderError(this.name, scrub(described, secrets), err.code);
    }
    const kind = typeof err.code === 'string' && err.code ? err.code : typeof err.name === 'string' ? err.name : 'Error';
    return new SenderError(this.name, scrub(`request failed (${kind}): ${text}`, secrets));
  }
}
