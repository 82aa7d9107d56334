import { randomBytes } from 'node:crypto';

/**
 * Refund numbers: RF + the Beijing date and time + 10 random hex characters (26 characters, within
 * WeChat's 1–64 of [0-9A-Za-z_-|*@]). Unique by construction and by the table's unique index.
 */
export function newOutRefundNo(now = new Date()): string {
  const beijing = new Date(now.getTime() + 8 * 3600 * 1000).toISOString();
  return `RF${beijing.slice(0, 19).replace(/[-T:]/g, '')}${randomBytes(5).toString('hex')}`;
}

export const OUT_REFUND_NO_PATTERN = /^[0-9A-Za-z_\-|*@]{1,64}$/;
