import { describe, expect, it } from 'vitest';
import { coinsForCoinOrder, customTopupError, estimatedArticles, formatYuan, quoteTopup, topupBonus, TOPUP_MESSAGES } from './topup.js';
import { COIN_PACKS, packCoins } from '../constants/plans.js';
import { ORDER_MAX_AMOUNT_FEN, TOPUP_MAX_COINS } from '../constants/pricing.js';

describe('topup bonus tiers', () => {
  it('gives nothing up to 500 coins', () => {
    expect(topupBonus(100)).toBe(0);
    expect(topupBonus(500)).toBe(0);
  });
  it('gives 10% rounded down above 500 and below 1500', () => {
    expect(topupBonus(600)).toBe(60);
    expect(topupBonus(1000)).toBe(100);
    expect(topupBonus(1400)).toBe(140);
  });
  it('gives 20% from 1500 on', () => {
    expect(topupBonus(1500)).toBe(300);
    expect(topupBonus(2300)).toBe(460);
  });
});

describe('quoteTopup', () => {
  it('quotes 1000 coins as ¥20.00 with 100 bonus and 16 articles', () => {
    expect(quoteTopup(1000)).toEqual({ coins: 1000, bonus: 100, totalCoins: 1100, priceFen: 2000, priceYuan: '20.00', articles: 16 });
  });
  it('quotes the packs as the pricing page lists them', () => {
    expect(quoteTopup(1500).totalCoins).toBe(1800);
    expect(estimatedArticles(1800)).toBe(26);
    expect(COIN_PACKS.map(packCoins)).toEqual([100, 1100, 1800]);
  });
});

describe('formatYuan', () => {
  it('keeps two decimals without floating-point drift', () => {
    expect(formatYuan(2)).toBe('0.02');
    expect(formatYuan(5900)).toBe('59.00');
    expect(formatYuan(123457)).toBe('1234.57');
  });
});

describe('customTopupError', () => {
  it('requires an amount', () => {
    expect(customTopupError('')).toBe(TOPUP_MESSAGES.required);
    expect(customTopupError(undefined)).toBe(TOPUP_MESSAGES.required);
    expect(customTopupError('abc')).toBe(TOPUP_MESSAGES.required);
  });
  it('refuses less than 100 and non-multiples of 100', () => {
    expect(customTopupError('50')).toBe(TOPUP_MESSAGES.tooSmall);
    expect(customTopupError(150)).toBe(TOPUP_MESSAGES.notMultiple);
    expect(customTopupError('100.5')).toBe(TOPUP_MESSAGES.notMultiple);
    expect(customTopupError(TOPUP_MAX_COINS + 100)).toBe(TOPUP_MESSAGES.tooLarge);
    expect(customTopupError('1e12')).toBe(TOPUP_MESSAGES.tooLarge);
    expect(TOPUP_MESSAGES.tooLarge).toBe('单次充值不能超过500000币');
    expect(customTopupError(TOPUP_MAX_COINS)).toBeNull();
  });
  it('accepts multiples of 100', () => {
    expect(customTopupError('100')).toBeNull();
    expect(customTopupError(2500)).toBeNull();
  });
});

describe('coinsForCoinOrder', () => {
  it('derives coins plus bonus from the amount', () => {
    expect(coinsForCoinOrder(200)).toBe(100);
    expect(coinsForCoinOrder(2000)).toBe(1100);
    expect(coinsForCoinOrder(3000)).toBe(1800);
  });
  it('takes the largest order, and nothing above it', () => {
    expect(coinsForCoinOrder(ORDER_MAX_AMOUNT_FEN)).toBe(TOPUP_MAX_COINS + topupBonus(TOPUP_MAX_COINS));
  });
  it('refuses amounts that are not positive multiples of 200 fen', () => {
    for (const amount of [0, -200, 100, 250, 199, 200.5, Number.NaN, Number.MAX_VALUE, ORDER_MAX_AMOUNT_FEN + 200, 1_000_000_000_000]) {
      expect(coinsForCoinOrder(amount)).toBeNull();
    }
  });
});
