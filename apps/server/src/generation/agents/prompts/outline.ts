import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, Material, StyleProfile, TopicAnalysis } from '../types.js';
import { materialsText } from './materials-text.js';
import { planText } from './plan-text.js';
import { parseTopic } from '../../../topic/index.js';
import { styleText } from './style.js';
import { agentMessages } from './shared-context.js';

export const OUTLINE_ROLE = '你是资深内容编辑，负责为文章设计大纲并分配各节字数。';

/** How many sections suit a length: short posts stay short, long reads get room. */
export function sectionRange(length: number): [number, number] {
  if (length <= 800) return [3, 4];
  if (length <= 2000) return [4, 6];
  if (length <= 5000) return [5, 8];
  return [6, 10];
}

function analysisText(analysis: TopicAnalysis): string {
  return [
    '【选题分析】',
    `- 切入角度：${analysis.angle}`,
    `- 读者需求：${analysis.audienceNeeds.join('；')}`,
    `- 关键问题：${analysis.keyQuestions.join('；')}`,
    '【/选题分析】',
  ].join('\n');
}

export function outlineMessages(input: {
  brief: ArticleBrief;
  analysis: TopicAnalysis;
  materials: Material[];
  style?: StyleProfile;
}): ChatMessage[] {
  const { brief } = input;
  const [min, max] = sectionRange(brief.length);
  // NOTE: a structure the user asked for (分3个小标题) outranks the section range and the plan.
  const structure = parseTopic(brief.topic).constraints.find((constraint) => constraint.kind === 'structure');
  const rules = [
    '大纲要围绕切入角度，回答读者的关键问题，符合文章类型和发布平台的习惯；各节之间不重复、层层推进。',
    '只输出一个 JSON 对象，不要输出解释或代码块标记。',
  ];
  return agentMessages(brief, undefined, { role: OUTLINE_ROLE, rules }, [
    analysisText(input.analysis),
    planText(brief.articleType, [min - 2, max - 2]),
    styleText(input.style),
    `参考资料（供规划内容，不必每条都用）：\n${materialsText(input.materials)}`,
    [
      '输出格式（JSON）：',
      '{"title": "文章标题", "sections": [{"heading": "小节标题", "keyPoints": ["本节要点"], "budget": 300, "role": "introduction"}]}',
      `要求：共 ${min}～${max} 节；第一节 role 为 "introduction"（开篇引言），最后一节 role 为 "conclusion"（结尾），其余为 "body"，按篇章计划的顺序排列。`,
      structure ? `用户指定了结构（${structure.text}）：节数和分节以用户的要求为准，篇章计划的顺序仍作参考。` : '',
      `全文目标字数为 ${brief.length} 字：budget 是每节的字数预算（整数），各节 budget 之和必须等于 ${brief.length}；正文各节分得多，引言和结尾分得少。`,
      '每节 keyPoints 2～4 条；标题与小节标题使用简体中文，符合发布平台的标题习惯；创作要求里有指定标题时，title 一字不改地用它。',
    ]
      .filter(Boolean)
      .join('\n'),
  ]);
}
