import { escapeHtml } from '../../../platform/escape-html.js';
import { lazyRequire } from '../../../platform/lazy-require.js';
import { type CodeMessage, type CodeSender, codeMessageText, PURPOSE_LABELS, SenderError } from './code-sender.js';
import { scrub } from './sender-support.js';

export interface SmtpEmailConfig {
  /** A nodemailer connection URL: `smtps://user:pass@smtp.example.com` or `smtp://…:587` (STARTTLS when offered). */
  url: string;
  /** The From header, e.g. `天马 <noreply@example.com>`. */
  from: string;
}

export interface SmtpEmailOptions {
  /** Upper bound for one send and for each SMTP phase (default 10 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Loaded only where EMAIL_PROVIDER=smtp. */
const nodemailer = lazyRequire<typeof import('nodemailer')>('nodemailer');

type Transporter = ReturnType<typeof createTransporter>;

function createTransporter(url: string, timeoutMs: number) {
  return nodemailer().createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

/** E-mail through any SMTP server (nodemailer, one connection per message). */
export class SmtpEmailSender implements CodeSender {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  private readonly timeoutMs: number;
  private readonly secrets: string[];

  constructor(
    private readonly config: SmtpEmailConfig,
    options: SmtpEmailOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.transporter = createTransporter(config.url, this.timeoutMs);
    this.secrets = urlSecrets(config.url);
  }

  async send(message: CodeMessage): Promise<void> {
    if (message.channel !== 'email') {
      throw new SenderError(this.name, `cannot deliver channel ${message.channel}`);
    }
    const text = codeMessageText(message);
    try {
      await this.transporter.sendMail({
        from: this.config.from,
        to: message.target,
        subject: '天马验证码',
        text,
        html: codeMessageHtml(message),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw this.translate(error, [...this.secrets, message.code]);
    }
  }

  private translate(error: unknown, secrets: string[]): SenderError {
    const err = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown; name?: unknown };
    const code = typeof err.code === 'string' && err.code ? err.code : undefined;
    const reply = typeof err.responseCode === 'number' ? ` (SMTP ${err.responseCode})` : '';
    const text = typeof err.message === 'string' && err.message ? err.message : String(error);
    if (code === 'EABORT') {
      // Only our own deadline signal aborts a send.
      return new SenderError(this.name, `no answer within ${this.timeoutMs} ms`, code);
    }
    const label = code ?? (typeof err.name === 'string' ? err.name : 'Error');
    return new SenderError(this.name, scrub(`${label}${reply}: ${text}`, secrets), code);
  }
}

function codeMessageHtml(message: CodeMessage): string {
  const purpose = escapeHtml(PURPOSE_LABELS[message.purpose]);
  const code = escapeHtml(message.code);
  const minutes = escapeHtml(String(message.validMinutes));
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>您的天马${purpose}验证码是：</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>`,
    `<p>${minutes} 分钟内有效。如非本人操作，请忽略本消息。</p>`,
    '</body></html>',
  ].join('');
}

/** The password (raw and URL-decoded) and the user:pass pair of a connection URL. */
function urlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secrets = [parsed.password, safeDecode(parsed.password)];
    if (parsed.password) {
      const pair = `\0${safeDecode(parsed.username)}\0${safeDecode(parsed.password)}`;
      // AUTH PLAIN / LOGIN tokens, in case a server echoes them back.
      secrets.push(Buffer.from(pair).toString('base64'), Buffer.from(safeDecode(parsed.password)).toString('base64'));
    }
    return secrets.filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

