/** Coin economics and the catalogue of plans and packs (spec: accounts-pricing-payment §3, §9). */

export const FEN_PER_COIN = 2;
export const COIN_VALUE_YUAN = 0.02;
/**
 * The price of one article, guided or advanced, at any length (decision 053): a fixed price, so
 * the pricing page's estimates (floor(coins / price)) are exact. The server's default for
 * GENERATION_COST_COINS; operators may set another.
 */
export const COINS_PER_ARTICLE = 67;
export const REGISTRATION_GIFT_COINS = 300;

export const TOPUP_MIN_COINS = 100;
export const TOPUP_STEP_COINS = 100;

/**
 * The upper bounds on money, defined here once and used by the schemas and rules of both sides:
 * one order buys at most 500,000 coins (¥10,000), and one ledger entry (an order's coins with
 * their bonus, a reservation, an operator's correction) moves at most 10 million coins. The money
 * columns are 64-bit; the bounds keep every sum far inside JavaScript's safe integers.
 */
export const TOPUP_MAX_COINS = 500_000;
export const ORDER_MAX_AMOUNT_FEN = TOPUP_MAX_COINS * FEN_PER_COIN;
export const COIN_DELTA_MAX = 10_000_000;

export const FREE_ARTICLE_MAX_CHARS = 6000;
export const PRO_ARTICLE_MAX_CHARS = 10000;

export const PRO_MONTH = {
  amountFen: 5900,
  coins: 3500,
  level: 1,
  originalYuan: 71,
  discountLabel: '8折',
  saveYuan: 12,
} as const;

/** The `type` query values that /pay accepts; anything else falls back to premium. */
export const PAY_TYPES = ['100', '1100', '1800', 'premium', 'custom'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const DEFAULT_PAY_TYPE: PayType = 'premium';
