import type { AdminUserDetail } from './admin-api';

/** The coin ledger's kinds as the user's page names them (the server writes the English keys). */
export const LEDGER_KIND_LABELS: Record<string, string> = {
  registration_gift: '注册赠送',
  purchase: '购买金币',
  subscription: '高级版订阅',
  hold: '创作预扣',
  release: '预扣退回',
  adjustment: '运营调整',
  refund: '退款扣回',
};

/** A kind's Chinese name; one the console does not know yet is shown as the server wrote it. */
export const ledgerKindLabel = (kind: string) => LEDGER_KIND_LABELS[kind] ?? kind;

const ORDER_STATUS: Record<AdminUserDetail['orders'][number]['status'], string> = { pending: '待支付', paid: '已支付', closed: '已关闭' };

/** An order's state, refunds first: 已退款 when all of it went back, 部分退款 when some did. */
export function orderStatusLabel(order: AdminUserDetail['orders'][number]): string {
  if (order.refundedFen > 0) return order.refundedFen >= order.amountFen ? '已退款' : '部分退款';
  return ORDER_STATUS[order.status] ?? order.status;
}

/** Pro for at most this many days at a time (the server's limit). */
export const PRO_DAYS_MAX = 366;

/** The days typed, as an integer from 1 to 366, or the reason they are not. */
export function parseDays(text: string): { days: number } | { problem: string } {
  const trimmed = text.trim();
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < 1 || days > PRO_DAYS_MAX) return { problem: `天数必须是1到${PRO_DAYS_MAX}之间的整数` };
  return { days };
}

/** When a grant of `days` would end: counted from the later of now and the current expiry, as the server counts. */
export function grantedUntil(subscriptionExpiry: string | null, days: number, now = Date.now()): Date {
  const expiry = subscriptionExpiry ? Date.parse(subscriptionExpiry) : Number.NaN;
  const from = Number.isFinite(expiry) && expiry > now ? expiry : now;
  return new Date(from + days * 86_400_000);
}
