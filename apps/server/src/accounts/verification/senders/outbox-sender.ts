import { desc } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../platform/db/index.js';
import { devOutbox } from '../../tables.js';
import type { CodeMessage, CodeSender } from './code-sender.js';

/**
 * The embedded default: nothing leaves the machine. The code is logged and kept in the
 * database, where /dev/outbox lists it (never in production unless ALLOW_DEV_OUTBOX is set).
 */
export class OutboxSender implements CodeSender {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  async send(message: CodeMessage): Promise<void> {
    await this.db.insert(devOutbox).values({
      channel: message.channel,
      target: message.target,
      code: message.code,
      purpose: message.purpose,
    });
    this.logger.info(`开发信箱：发往 ${message.target} 的${message.purpose}验证码为 ${message.code}（查看 /dev/outbox）`);
  }
}

/** The latest messages the dev outbox holds, newest first (the /dev/outbox pages). */
export function readOutbox(db: Db, limit = 100) {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit);
}
