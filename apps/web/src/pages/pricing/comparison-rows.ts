import { PLANS, type Plan, type PlanId } from '@tianma/shared';
import { revisionRateText } from './revision-price';

/** A cell is text, or whether the plan has the feature (drawn as ✓ / ✗). */
export type ComparisonCell = string | boolean;

export interface ComparisonRow {
  label: string;
  cells: Record<PlanId, ComparisonCell>;
}

// NOTE: these estimates are the spec's (§9), not coins ÷ 67: they assume full-length articles.
const ARTICLE_ESTIMATES: Partial<Record<PlanId, string>> = { free: '约 2 篇', premium: '约 22 篇' };

function priceText(plan: Plan): string {
  return plan.period === '永久' ? `¥${plan.priceYuan} 永久` : `¥${plan.priceYuan}/${plan.period}`;
}

function coinsText(plan: Plan): string {
  if (plan.coins === '*') return plan.coinsNote;
  const estimate = ARTICLE_ESTIMATES[plan.id];
  return estimate ? `${plan.coins} 币（${estimate}）` : `${plan.coins} 币`;
}

function charsText(plan: Plan): string {
  return plan.maxArticleChars ? `${plan.maxArticleChars} 字` : '按需定制';
}

function perPlan(value: (plan: Plan) => ComparisonCell): Record<PlanId, ComparisonCell> {
  return Object.fromEntries(PLANS.map((plan) => [plan.id, value(plan)])) as Record<PlanId, ComparisonCell>;
}

function availability(free: boolean, premium: boolean, enterprise: boolean): Record<PlanId, ComparisonCell> {
  return { free, premium, enterprise };
}

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { label: '价格', cells: perPlan(priceText) },
  { label: '金币', cells: perPlan(coinsText) },
  { label: '单篇字数上限', cells: perPlan(charsText) },
  { label: '在线 AI 编辑', cells: perPlan(revisionRateText) },
  { label: '多智能体创作', cells: availability(true, true, true) },
  { label: '多平台创作', cells: availability(true, true, true) },
  { label: '多模态图文', cells: availability(false, true, true) },
  { label: '本地知识库', cells: availability(false, true, true) },
  { label: '参考文章仿写', cells: availability(false, true, true) },
  { label: 'SEO 优化', cells: availability(false, true, true) },
  { label: '多用户管理', cells: availability(false, false, true) },
  { label: '专属客服', cells: availability(false, false, true) },
];
