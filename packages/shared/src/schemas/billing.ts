import { z } from 'zod';
import { ORDER_MAX_AMOUNT_FEN } from '../constants/pricing.js';

export const INVALID_AMOUNT_MESSAGE = '充值金额无效，请从价格页面选择套餐或输入 100 的整数倍金币';

/**
 * `POST /api/account/pay/create` (API.md): `amount` in fen, an integer from 1 to the largest
 * order, and `payType` 0 or 1; anything else is the same refusal. The client's description is
 * never used: the server writes its own from the amount (rules/orders.ts).
 */
export const payCreateSchema = z.object(
  {
    amount: z
      .number({ error: INVALID_AMOUNT_MESSAGE })
      .int(INVALID_AMOUNT_MESSAGE)
      .min(1, INVALID_AMOUNT_MESSAGE)
      .max(ORDER_MAX_AMOUNT_FEN, INVALID_AMOUNT_MESSAGE),
    payType: z.union([z.literal(0), z.literal(1)], { error: INVALID_AMOUNT_MESSAGE }),
  },
  { error: INVALID_AMOUNT_MESSAGE },
);
export type PayCreateRequest = z.infer<typeof payCreateSchema>;
