import { apiRequest, type ResponseSchema } from '../../lib/api';

export const BILLING_HISTORY_PATH = '/api/account/billing/history';

export type OrderStatus = 'pending' | 'paid' | 'closed';

export interface BillingOrder {
  outTradeNo: string;
  description: string;
  amountYuan: string;
  coins: number;
  status: OrderStatus;
  createdAt: string;
}

export interface LedgerEntry {
  delta: number;
  balanceAfter: number;
  label: string;
  reason: string;
  createdAt: string;
}

export interface BillingHistoryData {
  orders: BillingOrder[];
  entries: LedgerEntry[];
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isInteger(value);

function isOrder(value: unknown): value is BillingOrder {
  return (
    isRecord(value) &&
    isText(value.outTradeNo) &&
    isText(value.description) &&
    isText(value.amountYuan) &&
    isInt(value.coins) &&
    (value.status === 'pending' || value.status === 'paid' || value.status === 'closed') &&
    isText(value.createdAt)
  );
}

function isEntry(value: unknown): value is LedgerEntry {
  return isRecord(value) && isInt(value.delta) && isInt(value.balanceAfter) && isText(value.label) && isText(value.reason) && isText(value.createdAt);
}

// Checked by hand in the shape of a zod schema: @tianma/shared has no billing schemas yet.
const historySchema: ResponseSchema<BillingHistoryData> = {
  safeParse(value) {
    if (!isRecord(value) || !Array.isArray(value.orders) || !Array.isArray(value.entries)) return { success: false };
    if (!value.orders.every(isOrder) || !value.entries.every(isEntry)) return { success: false };
    return { success: true, data: { orders: value.orders, entries: value.entries } };
  },
};

/** The signed-in user's orders and coin ledger, newest first. */
export function fetchBillingHistory(signal?: AbortSignal): Promise<BillingHistoryData> {
  return apiRequest(BILLING_HISTORY_PATH, { schema: historySchema, signal });
}
