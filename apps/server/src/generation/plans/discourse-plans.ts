import type { ArticleType } from '@tianma/shared';

/**
 * The order an article of each type moves through (issue 16, point 2), shared by both writers:
 * the offline composer's facets follow these moves, and the model's outline prompt asks for them.
 * An article that has room for fewer body sections keeps the moves with the lowest `priority`,
 * in this order.
 */
export interface DiscourseMove {
  /** Two to four characters, the move's name in a recap (准备、步骤…). */
  key: string;
  /** What a section making this move does, said to a writer. */
  purpose: string;
  /** Lower is kept first when only a few body sections fit. */
  priority: number;
}

export const DISCOURSE_PLANS: Record<ArticleType, readonly DiscourseMove[]> = {
  practical_guide: [
    { key: '准备', purpose: '动手之前要备好什么、想清楚什么', priority: 2 },
    { key: '步骤', purpose: '按先后顺序，一步一步怎么做', priority: 1 },
    { key: '常见坑', purpose: '新手最容易犯的错，以及怎么避开', priority: 3 },
    { key: '检查清单', purpose: '一份可以逐条对照的清单', priority: 4 },
  ],
  analysis_commentary_opinion: [
    { key: '现象', purpose: '发生了什么，大家在讨论什么', priority: 3 },
    { key: '原因', purpose: '为什么会这样，背后有哪几股力量', priority: 1 },
    { key: '影响', purpose: '对谁有影响，影响有多大', priority: 2 },
    { key: '判断', purpose: '我的判断和依据，以及反方的道理', priority: 4 },
  ],
  industry_analysis: [
    { key: '背景', purpose: '这个行业从哪里来，现在处在什么阶段', priority: 4 },
    { key: '格局', purpose: '参与者有哪些，各自的位置和打法', priority: 1 },
    { key: '驱动因素', purpose: '推动变化的需求、技术、政策和成本', priority: 2 },
    { key: '趋势', purpose: '接下来可能怎么走，哪些信号值得盯', priority: 3 },
    { key: '建议', purpose: '对从业者、投资者或入局者的建议', priority: 5 },
  ],
  experience_story_essay: [
    { key: '起因', purpose: '事情怎么开始，当时的处境和心情', priority: 2 },
    { key: '经过', purpose: '具体发生了什么，有哪些细节和场景', priority: 1 },
    { key: '转折', purpose: '哪一刻想法或局面变了', priority: 3 },
    { key: '感悟', purpose: '回头看，想明白了什么，留给读者什么', priority: 4 },
  ],
  recommendation_sharing: [
    { key: '场景', purpose: '在什么场景、为什么需要它', priority: 3 },
    { key: '清单', purpose: '值得考虑的选项或要看的几项', priority: 1 },
    { key: '对比', purpose: '选项之间的差别和各自的短板', priority: 2 },
    { key: '怎么选', purpose: '不同情况下怎么选，哪些钱不必花', priority: 4 },
  ],
  tech_interpretation: [
    { key: '是什么', purpose: '用一句话和一个比方说清它是什么', priority: 1 },
    { key: '原理', purpose: '它大致是怎么工作的', priority: 2 },
    { key: '怎么用', purpose: '普通人或团队能怎么用上它', priority: 3 },
    { key: '局限', purpose: '它做不到什么，用的时候要注意什么', priority: 4 },
  ],
};

/** The `count` body moves an article of `type` makes, highest priority kept, in the plan's order. */
export function planMoves(type: ArticleType, count: number): DiscourseMove[] {
  const moves = DISCOURSE_PLANS[type];
  const kept = [...moves].sort((a, b) => a.priority - b.priority).slice(0, Math.max(0, count));
  return moves.filter((move) => kept.includes(move));
}

/** The plan as one line for a prompt: 准备 → 步骤 → 常见坑 → 检查清单. */
export function planLine(type: ArticleType): string {
  return DISCOURSE_PLANS[type].map((move) => move.key).join(' → ');
}
