/** The port through which verification codes reach a phone or a mailbox. */
export type CodeChannel = 'sms' | 'email';
export type CodePurpose = 'LOGIN' | 'REGISTER' | 'RESET';

export interface CodeMessage {
  channel: CodeChannel;
  /** A mainland phone number (11 digits) or a lower-cased e-mail address. */
  target: string;
  code: string;
  purpose: CodePurpose;
  /** Minutes the code stays valid, for the message text. */
  validMinutes: number;
}

export interface CodeSender {
  /** For logs: 'outbox', 'aliyun', 'tencent', 'smtp'. */
  readonly name: string;
  /** Delivers the message or throws SenderError; never logs the code itself (outbox aside). */
  send(message: CodeMessage): Promise<void>;
}

/**
 * A vendor failure translated at the adapter's edge. `message` is safe for logs: it carries
 * the vendor's error code, never secrets, signatures or endpoint credentials.
 */
export class SenderError extends Error {
  override name = 'SenderError';
  constructor(
    readonly sender: string,
    message: string,
    readonly vendorCode?: string,
  ) {
    super(`${sender}: ${message}`);
  }
}

export const PURPOSE_LABELS: Record<CodePurpose, string> = {
  LOGIN: '登录',
  REGISTER: '注册',
  RESET: '重置密码',
};

/** The text of an e-mail (and the fallback wording of any message that is not a template). */
export function codeMessageText(message: CodeMessage): string {
  return `您的天马${PURPOSE_LABELS[message.purpose]}验证码是 ${message.code}，${message.validMinutes} 分钟内有效。如非本人操作，请忽略本消息。`;
}
