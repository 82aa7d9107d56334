import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, Material } from '../types.js';
import { materialsText } from './materials-text.js';
import { planLine } from '../../plans/discourse-plans.js';
import { agentMessages } from './shared-context.js';

export const ANALYSIS_ROLE = '你是资深内容策划，负责动笔前的选题分析。';

export function analysisMessages(brief: ArticleBrief, materials: Material[]): ChatMessage[] {
  const rules = [
    '根据创作要求和参考资料，确定文章的切入角度，梳理目标读者的真实需求和最关心的关键问题，并给出用于检索资料的搜索词。分析要贴合目标读者、文章类型和发布平台。',
    '只输出一个 JSON 对象，不要输出解释或代码块标记。',
  ];
  return agentMessages(brief, undefined, { role: ANALYSIS_ROLE, rules }, [
    `这类文章的篇章计划：${planLine(brief.articleType)}（切入角度和关键问题要能沿着它展开）`,
    `参考资料（仅作分析依据）：\n${materialsText(materials)}`,
    [
      '输出格式（JSON）：',
      '{"angle": "一句话说明文章的切入角度", "audienceNeeds": ["读者需求"], "keyQuestions": ["文章要回答的关键问题"], "searchQueries": ["搜索词"]}',
      'audienceNeeds 3～5 条，keyQuestions 3～6 条，searchQueries 2～5 条，全部使用简体中文。',
    ].join('\n'),
  ]);
}
