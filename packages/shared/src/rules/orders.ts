import { findPack } from '../constants/plans.js';
import { DEFAULT_PAY_TYPE, PAY_TYPES, type PayType, PRO_MONTH } from '../constants/pricing.js';
import { coinsForCoinOrder, customTopupError, topupPriceFen } from './topup.js';

/** payType of the pay-create call: 1 buys a Pro month, 0 buys coins. */
export type OrderPayType = 0 | 1;

export interface OrderTerms {
  amountFen: number;
  payType: OrderPayType;
  coins: number;
  grantsPro: boolean;
  description: string;
}

/**
 * What an order grants, decided from the amount and payType alone (API.md): Pro is exactly
 * 5900 fen; coins are amount/2 plus the bonus tier, for a positive multiple of 200 fen.
 * Anything else is null and must be refused.
 */
export function orderTerms(amountFen: unknown, payType: unknown): OrderTerms | null {
  if (typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen)) return null;
  if (payType === 1) {
    if (amountFen !== PRO_MONTH.amountFen) return null;
    return { amountFen, payType: 1, coins: PRO_MONTH.coins, grantsPro: true, description: '天马高级版（1个月）' };
  }
  if (payType !== 0) return null;
  const coins = coinsForCoinOrder(amountFen);
  if (coins === null) return null;
  return { amountFen, payType: 0, coins, grantsPro: false, description: `天马金币充值 ${coins} 币` };
}

export interface PayPageRequest extends OrderTerms {
  type: PayType;
  /** 包含 for the Pro month, 获得 for coin packs (spec: payment page). */
  coinsLabel: '包含' | '获得';
}

/**
 * The order the payment page asks for, from its `type` and `amount` query values. An unknown
 * type falls back to premium; a custom amount that fails the top-up rules answers its message.
 */
export function payPageRequest(typeParam: string | null, amountParam: string | null): PayPageRequest | { error: string } {
  const type: PayType = (PAY_TYPES as readonly string[]).includes(typeParam ?? '') ? (typeParam as PayType) : DEFAULT_PAY_TYPE;
  if (type === 'premium') return { ...orderTerms(PRO_MONTH.amountFen, 1)!, type, coinsLabel: '包含' };
  if (type === 'custom') {
    const error = customTopupError(amountParam);
    if (error) return { error };
    return { ...orderTerms(topupPriceFen(Number(amountParam)), 0)!, type, coinsLabel: '获得' };
  }
  return { ...orderTerms(findPack(type)!.amountFen, 0)!, type, coinsLabel: '获得' };
}
