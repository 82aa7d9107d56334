import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_RESEND_SECONDS } from '@tianma/shared';

/** Verification-code rules (issue: accounts §2). Pure; the store applies them. */
export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 3;
export const SEND_LIMITS = {
  perTargetInterval: { windowMs: CODE_RESEND_SECONDS * 1000, max: 1 },
  perTargetHour: { windowMs: 3600 * 1000, max: 5 },
  perTargetDay: { windowMs: 24 * 3600 * 1000, max: 10 },
  perIpHour: { windowMs: 3600 * 1000, max: 10 },
} as const;

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeHmac(secret: string, purpose: string, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest('base64url');
}

export function hmacEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SendCounts {
  lastSentAt: Date | null;
  targetHour: number;
  targetDay: number;
  ipHour: number;
}

export type SendRefusal = { message: string; retryAfterSeconds: number } | null;

/**
 * Which limit, if any, refuses another send now. `intervalMs` is the time between two codes to
 * one target: SEND_LIMITS' minute, shorter only where tests configure it (never in production).
 */
export function sendRefusal(counts: SendCounts, now: Date, intervalMs: number = SEND_LIMITS.perTargetInterval.windowMs): SendRefusal {
  if (counts.lastSentAt) {
    const wait = intervalMs - (now.getTime() - counts.lastSentAt.getTime());
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return { message: `验证码发送过于频繁，请${seconds}秒后重试`, retryAfterSeconds: seconds };
    }
  }
  if (counts.ipHour >= SEND_LIMITS.perIpHour.max) return { message: '验证码请求过于频繁，请一小时后再试', retryAfterSeconds: 3600 };
  if (counts.targetDay >= SEND_LIMITS.perTargetDay.max) return { message: '今日验证码发送次数已达上限，请明天再试', retryAfterSeconds: 24 * 3600 };
  if (counts.targetHour >= SEND_LIMITS.perTargetHour.max) return { message: '验证码发送次数过多，请一小时后再试', retryAfterSeconds: 3600 };
  return null;
}
