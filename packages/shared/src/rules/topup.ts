import {
  COINS_PER_ARTICLE,
  FEN_PER_COIN,
  ORDER_MAX_AMOUNT_FEN,
  TOPUP_MAX_COINS,
  TOPUP_MIN_COINS,
  TOPUP_STEP_COINS,
} from '../constants/pricing.js';

/**
 * Bonus on a custom top-up: none up to 500 coins, 10% (rounded down) above 500 and
 * below 1500, 20% (rounded down) from 1500 on.
 */
export function topupBonus(coins: number): number {
  if (coins >= 1500) return Math.floor(coins * 0.2);
  if (coins > 500) return Math.floor(coins * 0.1);
  return 0;
}

/** What the user pays for `coins` bought coins, in fen (bonus coins are free). */
export function topupPriceFen(coins: number): number {
  return coins * FEN_PER_COIN;
}

/** Pay amount in yuan with two decimals, computed in integer fen so it never drifts. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function estimatedArticles(totalCoins: number): number {
  return Math.floor(totalCoins / COINS_PER_ARTICLE);
}

export interface TopupQuote {
  coins: number;
  bonus: number;
  totalCoins: number;
  priceFen: number;
  priceYuan: string;
  articles: number;
}

export function quoteTopup(coins: number): TopupQuote {
  const bonus = topupBonus(coins);
  const priceFen = topupPriceFen(coins);
  return {
    coins,
    bonus,
    totalCoins: coins + bonus,
    priceFen,
    priceYuan: formatYuan(priceFen),
    articles: estimatedArticles(coins + bonus),
  };
}

export const TOPUP_MESSAGES = {
  required: '请输入充值数量',
  tooSmall: `充值数量不能少于${TOPUP_MIN_COINS}币`,
  notMultiple: `充值数量必须是${TOPUP_STEP_COINS}的整数倍`,
  tooLarge: `单次充值不能超过${TOPUP_MAX_COINS}币`,
} as const;

/** Validates the custom top-up input as typed; answers the message to show, or null. */
export function customTopupError(input: string | number | null | undefined): string | null {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return TOPUP_MESSAGES.required;
  const coins = Number(text);
  if (!Number.isFinite(coins)) return TOPUP_MESSAGES.required;
  if (coins < TOPUP_MIN_COINS) return TOPUP_MESSAGES.tooSmall;
  if (coins > TOPUP_MAX_COINS) return TOPUP_MESSAGES.tooLarge;
  if (!Number.isInteger(coins) || coins % TOPUP_STEP_COINS !== 0) return TOPUP_MESSAGES.notMultiple;
  return null;
}

/**
 * Coins granted for a coin order of `amountFen` (payType 0): amount/2 coins plus the bonus
 * tier. Null when the amount is not a positive multiple of 200 fen (100 coins), or is above
 * the largest order.
 */
export function coinsForCoinOrder(amountFen: number): number | null {
  if (!Number.isSafeInteger(amountFen) || amountFen < TOPUP_MIN_COINS * FEN_PER_COIN) return null;
  if (amountFen > ORDER_MAX_AMOUNT_FEN) return null;
  if (amountFen % (TOPUP_STEP_COINS * FEN_PER_COIN) !== 0) return null;
  const coins = amountFen / FEN_PER_COIN;
  return coins + topupBonus(coins);
}
