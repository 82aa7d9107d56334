import type { PayPageRequest } from '@tianma/shared';
import { apiRequest, type ResponseSchema } from '../../lib/api';

export const PAY_CREATE_PATH = '/api/account/pay/create';
export const PAY_STATUS_PATH = '/api/account/pay/status';

/** What the page needs of an order once the server has made it. */
export interface PayOrder {
  outTradeNo: string;
  codeUrl: string;
  amountYuan?: string;
  description?: string;
  coins?: number;
}

export type PayStatus = 'pending' | 'paid' | 'closed';

export interface PayStatusAnswer {
  paid: boolean;
  status: PayStatus;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

// Hand-written checks in the shape of a zod schema: @tianma/shared has no pay schemas yet
// (docs/decisions/018-billing-history-on-profile.md).
const createAnswerSchema: ResponseSchema<PayOrder> = {
  safeParse(value) {
    if (!isRecord(value)) return { success: false };
    const outTradeNo = text(value.outTradeNo);
    const codeUrl = text(value.codeUrl);
    if (!outTradeNo || !codeUrl) return { success: false };
    const order = isRecord(value.order) ? value.order : {};
    return {
      success: true,
      data: {
        outTradeNo,
        codeUrl,
        amountYuan: text(order.amountYuan),
        description: text(order.description),
        coins: typeof order.coins === 'number' ? order.coins : undefined,
      },
    };
  },
};

const statusAnswerSchema: ResponseSchema<PayStatusAnswer> = {
  safeParse(value) {
    if (!isRecord(value) || typeof value.paid !== 'boolean') return { success: false };
    const status = value.status === 'closed' || value.status === 'paid' ? value.status : value.paid ? 'paid' : 'pending';
    return { success: true, data: { paid: value.paid, status } };
  },
};

/** Asks the server for an order; it derives coins and Pro from amount and payType alone. */
export function createPayOrder(request: PayPageRequest): Promise<PayOrder> {
  return apiRequest(PAY_CREATE_PATH, {
    method: 'POST',
    body: { amount: request.amountFen, description: request.description, payType: request.payType },
    schema: createAnswerSchema,
  });
}

export function fetchPayStatus(outTradeNo: string, deepspaceId: number | undefined, signal?: AbortSignal): Promise<PayStatusAnswer> {
  const query = new URLSearchParams({ outTradeNo });
  if (deepspaceId !== undefined) query.set('deepspaceId', String(deepspaceId));
  return apiRequest(`${PAY_STATUS_PATH}?${query}`, { schema: statusAnswerSchema, signal });
}
