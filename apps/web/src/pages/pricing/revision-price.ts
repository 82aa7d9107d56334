import {
  OFFLINE_REVISION_ACTIONS,
  REVISION_CHARS_PER_COIN,
  REVISION_LABELS,
  type RevisionAction,
  revisionCost,
  RULE_ONLY_REVISION_ACTIONS,
} from '@tianma/shared';

/**
 * The editor's AI actions on the pricing page (decision 061), worded from the constants the server
 * charges by, so the page cannot drift from the price.
 */

const labels = (actions: readonly RevisionAction[]) => actions.map((action) => REVISION_LABELS[action]).join('、');

/** A worked example: a length that is not a multiple of the unit, so the rounding shows. */
const EXAMPLE_CHARS = REVISION_CHARS_PER_COIN * 2.5;

/** The rate the same on every plan: e.g. 每 100 字 1 币. */
export function revisionRateText(): string {
  return `每 ${REVISION_CHARS_PER_COIN} 字 ${revisionCost(REVISION_CHARS_PER_COIN)} 币`;
}

export function revisionPriceAnswer(): string {
  const unit = REVISION_CHARS_PER_COIN;
  return [
    `在线 AI 编辑（${labels(['polish', 'expand', 'rewrite'])}等）按生成字数计费：${revisionRateText()}，不足 ${unit} 字的部分按 ${unit} 字计，例如生成 ${EXAMPLE_CHARS} 字消耗 ${revisionCost(EXAMPLE_CHARS)} 币。`,
    '操作前按本次可生成的上限预扣，完成后按实际生成字数结算，多余的退回；生成失败不扣金币。',
    `${labels(OFFLINE_REVISION_ACTIONS)}在未配置大模型时由规则完成，免费；${labels(RULE_ONLY_REVISION_ACTIONS)}始终免费。`,
  ].join('');
}
