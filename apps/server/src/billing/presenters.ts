import { formatYuan } from '@tianma/shared';
import type { coinLedger, PaymentOrderRow } from './tables.js';

/** An order as its owner sees it: no provider ids beyond the order number. */
export function presentOrder(order: PaymentOrderRow) {
  return {
    outTradeNo: order.outTradeNo,
    description: order.description,
    amount: order.amountFen,
    amountYuan: formatYuan(order.amountFen),
    coins: order.coins,
    payType: order.payType,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt.toISOString(),
  };
}

const KIND_LABELS: Record<string, string> = {
  registration_gift: '注册赠送',
  purchase: '金币充值',
  subscription: '高级版订阅',
  hold: '创作预扣',
  release: '退回',
  adjustment: '人工调整',
  refund: '退款扣回',
};

export function presentLedgerEntry(entry: typeof coinLedger.$inferSelect) {
  return {
    delta: entry.delta,
    balanceAfter: entry.balanceAfter,
    kind: entry.kind,
    label: KIND_LABELS[entry.kind] ?? entry.kind,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  };
}
