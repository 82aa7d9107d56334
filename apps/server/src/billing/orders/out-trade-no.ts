import { randomBytes } from 'node:crypto';

/**
 * Order numbers: TM + the Beijing date and time + 10 random hex characters (26 characters,
 * within WeChat's 6–32 of [0-9A-Za-z_-|*]). Unique forever by construction and a unique index.
 */
export function newOutTradeNo(now = new Date()): string {
  const beijing = new Date(now.getTime() + 8 * 3600 * 1000).toISOString();
  const stamp = beijing.slice(0, 19).replace(/[-T:]/g, '');
  return `TM${stamp}${randomBytes(5).toString('hex')}`;
}

export const OUT_TRADE_NO_PATTERN = /^[0-9A-Za-z_\-|*]{6,32}$/;
