import { ARTICLE_TYPES, type ArticleType, labelOf } from '@tianma/shared';
import { DISCOURSE_PLANS, planLine } from '../../plans/discourse-plans.js';

/**
 * The article type's discourse plan (plans/discourse-plans.ts, the same one the offline composer
 * follows) as the order the outline's body sections must take, so a guide is not an analysis
 * reskinned. `bodySections` is the range of body sections the outline may have: when fewer than
 * the plan's moves fit, the writer is told which to keep.
 */
export function planText(type: ArticleType, bodySections: [number, number]): string {
  const moves = DISCOURSE_PLANS[type];
  const label = labelOf(ARTICLE_TYPES, type) ?? type;
  const lines = [
    `【篇章计划】${label}：${planLine(type)}`,
    ...moves.map((move, i) => `${i + 1}. ${move.key}：${move.purpose}`),
    '【/篇章计划】',
    `正文各节（开篇引言与结尾之间）必须按上面的顺序推进；一步内容多时可以拆成相邻的几节。小节标题要写出本节的具体内容，不要直接用${moves
      .slice(0, 2)
      .map((move) => `“${move.key}”`)
      .join('')}这类步骤名。`,
  ];
  const [fewest] = bodySections;
  if (fewest < moves.length) {
    const byPriority = [...moves].sort((a, b) => a.priority - b.priority).map((move) => move.key);
    lines.push(`篇幅短、正文放不下每一步时，可以省去次要的步骤，保留的优先次序是：${byPriority.join('、')}；省略后其余步骤的顺序不变。`);
  }
  return lines.join('\n');
}
