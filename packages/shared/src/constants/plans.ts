import { FREE_ARTICLE_MAX_CHARS, PRO_ARTICLE_MAX_CHARS, PRO_MONTH, REGISTRATION_GIFT_COINS } from './pricing.js';

/**
 * The plans and coin packs as the pricing page and /pay show them. A module of their own, apart
 * from the small price constants: the home page's entry chunk needs a constant or two of
 * pricing.ts, and the bundler keeps a whole module where any of it is used.
 */

export type PlanId = 'free' | 'premium' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  priceYuan: number;
  period: string;
  originalYuan?: number;
  /** Coins included, or '*' where the plan shows no figure. */
  coins: number | '*';
  coinsNote: string;
  maxArticleChars?: number;
  features: { label: string; included: boolean }[];
  highlighted?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: '免费版',
    priceYuan: 0,
    period: '永久',
    coins: REGISTRATION_GIFT_COINS,
    coinsNote: '注册即送',
    maxArticleChars: FREE_ARTICLE_MAX_CHARS,
    features: [
      { label: '多智能体全流程创作', included: true },
      { label: '多平台内容创作', included: true },
      { label: `单篇文章最多 ${FREE_ARTICLE_MAX_CHARS} 字`, included: true },
      { label: '多模态图文创作', included: false },
      { label: '本地知识库', included: false },
      { label: '参考文章仿写', included: false },
      { label: 'SEO 优化', included: false },
    ],
  },
  {
    id: 'premium',
    name: '高级版',
    priceYuan: PRO_MONTH.amountFen / 100,
    period: '月',
    originalYuan: PRO_MONTH.originalYuan,
    coins: PRO_MONTH.coins,
    coinsNote: '每月赠送',
    maxArticleChars: PRO_ARTICLE_MAX_CHARS,
    highlighted: true,
    features: [
      { label: '多智能体全流程创作', included: true },
      { label: '多平台内容创作', included: true },
      { label: `单篇文章最多 ${PRO_ARTICLE_MAX_CHARS} 字`, included: true },
      { label: '多模态图文创作', included: true },
      { label: '本地知识库', included: true },
      { label: '参考文章仿写', included: true },
      { label: 'SEO 优化', included: true },
    ],
  },
  {
    id: 'enterprise',
    name: '企业版',
    priceYuan: 499,
    period: '月',
    coins: '*',
    coinsNote: '按需定制',
    features: [
      { label: '高级版全部功能', included: true },
      { label: '多用户管理', included: true },
      { label: '专属客户服务', included: true },
      { label: '高级版功能增强', included: true },
    ],
  },
];

export type PackId = '100' | '1100' | '1800';

export interface CoinPack {
  id: PackId;
  amountFen: number;
  baseCoins: number;
  bonusCoins: number;
  /** The article estimate the pricing page prints for the pack. */
  articlesLabel: string;
}

export const COIN_PACKS: readonly CoinPack[] = [
  { id: '100', amountFen: 200, baseCoins: 100, bonusCoins: 0, articlesLabel: '约 1-2 篇' },
  { id: '1100', amountFen: 2000, baseCoins: 1000, bonusCoins: 100, articlesLabel: '约 16 篇' },
  { id: '1800', amountFen: 3000, baseCoins: 1500, bonusCoins: 300, articlesLabel: '约 27 篇' },
];

export function packCoins(pack: CoinPack): number {
  return pack.baseCoins + pack.bonusCoins;
}

export function findPack(id: string): CoinPack | undefined {
  return COIN_PACKS.find((pack) => pack.id === id);
}
