import { describe, expect, it } from 'vitest';
import { ORDER_MAX_AMOUNT_FEN } from '../constants/pricing.js';
import { INVALID_AMOUNT_MESSAGE, payCreateSchema } from '../schemas/billing.js';
import { orderTerms, payPageRequest } from './orders.js';

describe('orderTerms', () => {
  it('derives coins and bonus from the amount for coin orders', () => {
    expect(orderTerms(200, 0)).toMatchObject({ coins: 100, grantsPro: false });
    expect(orderTerms(2000, 0)).toMatchObject({ coins: 1100 });
    expect(orderTerms(3000, 0)).toMatchObject({ coins: 1800 });
    expect(orderTerms(20000, 0)).toMatchObject({ coins: 12000 });
  });
  it('grants Pro only for exactly 5900 fen with payType 1', () => {
    expect(orderTerms(5900, 1)).toMatchObject({ coins: 3500, grantsPro: true, description: '天马高级版（1个月）' });
    expect(orderTerms(100, 1)).toBeNull();
    expect(orderTerms(5900, 2)).toBeNull();
  });
  it('refuses tampered amounts', () => {
    for (const amount of [2001, -200, 0, 199, 200.5, Number.MAX_SAFE_INTEGER + 1, '2000', null, undefined, Number.NaN, 1_000_000_000_000]) {
      expect(orderTerms(amount, 0)).toBeNull();
    }
    expect(orderTerms(2000, '0')).toBeNull();
  });
});

describe('payCreateSchema', () => {
  it('takes an integer amount up to the largest order and payType 0 or 1', () => {
    expect(payCreateSchema.parse({ amount: 2000, payType: 0, description: 'x' })).toEqual({ amount: 2000, payType: 0 });
    expect(payCreateSchema.parse({ amount: ORDER_MAX_AMOUNT_FEN, payType: 0 })).toEqual({ amount: ORDER_MAX_AMOUNT_FEN, payType: 0 });
  });
  it('refuses every other amount with the one Chinese message', () => {
    const bad: unknown[] = [ORDER_MAX_AMOUNT_FEN + 1, 1_000_000_000_000, -200, 0, 200.5, Number.NaN, Number.POSITIVE_INFINITY, '2000', null, undefined, {}, [200]];
    for (const amount of bad) {
      const result = payCreateSchema.safeParse({ amount, payType: 0 });
      expect(result.success, String(amount)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVALID_AMOUNT_MESSAGE);
    }
    expect(payCreateSchema.safeParse({ amount: 2000, payType: '0' }).error?.issues[0]?.message).toBe(INVALID_AMOUNT_MESSAGE);
    expect(payCreateSchema.safeParse(null).error?.issues[0]?.message).toBe(INVALID_AMOUNT_MESSAGE);
  });
});

describe('payPageRequest', () => {
  it('reads each pay type of the pricing page', () => {
    expect(payPageRequest('premium', null)).toMatchObject({ amountFen: 5900, payType: 1, coins: 3500, coinsLabel: '包含' });
    expect(payPageRequest('1100', null)).toMatchObject({ amountFen: 2000, payType: 0, coins: 1100, coinsLabel: '获得' });
    expect(payPageRequest('custom', '1000')).toMatchObject({ amountFen: 2000, coins: 1100 });
    expect(payPageRequest(null, null)).toMatchObject({ type: 'premium' });
    expect(payPageRequest('bogus', '5')).toMatchObject({ type: 'premium' });
  });
  it('answers the top-up message for a bad custom amount', () => {
    expect(payPageRequest('custom', '150')).toEqual({ error: '充值数量必须是100的整数倍' });
    expect(payPageRequest('custom', null)).toEqual({ error: '请输入充值数量' });
  });
});
