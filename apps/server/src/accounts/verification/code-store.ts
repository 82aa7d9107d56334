import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { verificationCodes } from '../tables.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, codeHmac, generateCode, hmacEquals, SEND_LIMITS, sendRefusal } from './code-rules.js';
import type { CodeChannel, CodePurpose } from './senders/code-sender.js';
import type { CodeSenders } from './senders/registry.js';

export const CODE_MESSAGES = {
  sent: '验证码已发送',
  invalid: '验证码错误',
  expired: '验证码已过期或无效，请重新获取',
  tooManyTries: '验证码错误次数过多，请重新获取',
  sendFailed: '验证码发送失败，请稍后重试',
} as const;

interface CodeInput {
  target: string;
  purpose: CodePurpose;
  code: string;
}

/**
 * How an issued code reaches its target. 'now': the answer waits for the sender, whose failure is
 * the caller's 503. 'background': the answer comes once the code is recorded, the sender after it
 * (a failure is logged and voids the code), so the time to answer does not depend on the sender.
 * 'none': the code is recorded and counted against the send limits like any other, and not sent.
 */
export type CodeDelivery = 'now' | 'background' | 'none';

export interface CodeStore {
  /**
   * Issues and delivers a code, within the send limits, and answers the seconds until another
   * code may go to the same target. Answers the same for known and unknown targets.
   */
  issue(input: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string; delivery?: CodeDelivery }): Promise<{ resendAfterSeconds: number }>;
  /** Consumes a live code; throws a Chinese BAD_REQUEST when it is wrong, expired or used up. */
  consume(input: CodeInput): Promise<void>;
  /**
   * Checks a live code without using it up: a wrong code counts one try and throws exactly as in
   * consume (the third voids it); a right one counts nothing and stays live for consume.
   */
  check(input: CodeInput): Promise<void>;
}

export interface CodeStoreOptions {
  /** Time between two codes to one target (default: SEND_LIMITS' minute); loadConfig allows a shorter one in tests only. */
  resendIntervalMs?: number;
}

export function createCodeStore(db: Db, secret: string, senders: CodeSenders, logger: Logger, options: CodeStoreOptions = {}): CodeStore {
  const resendIntervalMs = options.resendIntervalMs ?? SEND_LIMITS.perTargetInterval.windowMs;
  return {
    async issue({ channel, target, purpose, ip, delivery = 'now' }) {
      const sender = senders[channel];
      if (!sender) throw new AppError('UNAVAILABLE', channel === 'sms' ? '短信验证码服务暂未开通' : '邮件验证码服务暂未开通');
      const code = generateCode();
      const now = new Date();
      const rowId = await db.transaction(async (tx) => {
        // Serialise sends per target so two concurrent requests cannot both pass the interval.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`code:${target}`}))`);
        const since = (ms: number) => new Date(now.getTime() - ms);
        const [counts] = await tx
          .select({
            lastSentAt: sql<Date | null>`max(${verificationCodes.createdAt}) filter (where ${verificationCodes.target} = ${target})`,
            targetHour: sql<number>`count(*) filter (where ${verificationCodes.target} = ${target} and ${verificationCodes.createdAt} > ${since(SEND_LIMITS.perTargetHour.windowMs)})`,
            targetDay: sql<number>`count(*) filter (where ${verificationCodes.target} = ${target})`,
            ipHour: sql<number>`count(*) filter (where ${verificationCodes.ip} = ${ip} and ${verificationCodes.createdAt} > ${since(SEND_LIMITS.perIpHour.windowMs)})`,
          })
          .from(verificationCodes)
          .where(
            and(
              gt(verificationCodes.createdAt, since(SEND_LIMITS.perTargetDay.windowMs)),
              sql`(${verificationCodes.target} = ${target} or ${verificationCodes.ip} = ${ip})`,
            ),
          );
        const refusal = sendRefusal(
          {
            lastSentAt: counts?.lastSentAt ? new Date(counts.lastSentAt) : null,
            targetHour: Number(counts?.targetHour ?? 0),
            targetDay: Number(counts?.targetDay ?? 0),
            ipHour: Number(counts?.ipHour ?? 0),
          },
          now,
          resendIntervalMs,
        );
        if (refusal) throw new AppError('RATE_LIMITED', refusal.message, { retryAfter: refusal.retryAfterSeconds });
        // One live code per (target, purpose): a new code voids the previous one.
        await tx
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)));
        const [row] = await tx
          .insert(verificationCodes)
          .values({
            channel,
            target,
            purpose,
            codeHmac: codeHmac(secret, purpose, target, code),
            expiresAt: new Date(now.getTime() + CODE_TTL_MS),
            ip,
            createdAt: now,
          })
          .returning({ id: verificationCodes.id });
        return row!.id;
      });

      const deliver = () =>
        sender.send({ channel, target, code, purpose, validMinutes: CODE_TTL_MS / 60_000 }).catch(async (error: unknown) => {
          logger.error({ err: error, sender: sender.name }, 'verification code delivery failed');
          await db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, rowId));
          throw new AppError('UNAVAILABLE', CODE_MESSAGES.sendFailed);
        });
      if (delivery === 'now') await deliver();
      // NOTE: nobody awaits a background delivery: its failure is logged and the code voided above.
      else if (delivery === 'background') deliver().catch(() => undefined);
      return { resendAfterSeconds: Math.ceil(resendIntervalMs / 1000) };
    },

    consume: (input) => tryCode(input, true),
    check: (input) => tryCode(input, false),
  };

  /** The newest live code of the target and purpose against `code`; a right one is used up when `useUp`. */
  async function tryCode({ target, purpose, code }: CodeInput, useUp: boolean): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row) return 'expired' as const;
      if (hmacEquals(row.codeHmac, codeHmac(secret, purpose, target, code))) {
        if (useUp) await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.id));
        return 'ok' as const;
      }
      const attempts = row.attempts + 1;
      const spent = attempts >= CODE_MAX_ATTEMPTS;
      await tx
        .update(verificationCodes)
        .set({ attempts, ...(spent ? { consumedAt: now } : {}) })
        .where(eq(verificationCodes.id, row.id));
      return spent ? ('spent' as const) : ('wrong' as const);
    });
    if (outcome === 'ok') return;
    const message = { expired: CODE_MESSAGES.expired, wrong: CODE_MESSAGES.invalid, spent: CODE_MESSAGES.tooManyTries }[outcome];
    throw new AppError('BAD_REQUEST', message);
  }
}
