import type { Logger } from 'pino';
import type { Config } from '../../../config/env.js';
import type { Db } from '../../../platform/db/index.js';
import { AliyunSmsSender } from './aliyun-sms-sender.js';
import type { CodeChannel, CodeSender } from './code-sender.js';
import { OutboxSender } from './outbox-sender.js';
import { SmtpEmailSender } from './smtp-email-sender.js';
import { TencentSmsSender } from './tencent-sms-sender.js';

export type CodeSenders = Record<CodeChannel, CodeSender | null>;

/**
 * One sender per channel, chosen by configuration. In production a channel left on the dev
 * outbox is switched off (null) unless ALLOW_DEV_OUTBOX is set; the config already refused to
 * start when no channel at all is real.
 */
export function createCodeSenders(config: Config, db: Db, logger: Logger): CodeSenders {
  const outboxAllowed = !config.isProduction || config.allowDevOutbox;
  const outbox = outboxAllowed ? new OutboxSender(db, logger) : null;

  let sms: CodeSender | null = outbox;
  if (config.sms.provider === 'aliyun') sms = new AliyunSmsSender(config.sms);
  else if (config.sms.provider === 'tencent') sms = new TencentSmsSender(config.sms);

  const email: CodeSender | null = config.email.provider === 'smtp' ? new SmtpEmailSender(config.email) : outbox;
  return { sms, email };
}
