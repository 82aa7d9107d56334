import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, StyleProfile } from '../types.js';
import { agentMessages } from './shared-context.js';
import { defang, quotedBlock } from '../../../providers/llm/prompt-data.js';
import { styleNumbersText } from '../../style/style-metrics.js';

export const STYLE_ROLE = '你是文风分析师，负责从一篇参考文章中提炼可以模仿的写作风格。';

export function styleMessages(brief: ArticleBrief, referenceText: string): ChatMessage[] {
  const rules = [
    '只分析写法（语气、句式、结构、开头方式、常用词汇），不要复述参考文章的内容和观点；新文章将沿用这种风格来写创作要求里的主题。',
    '只输出一个 JSON 对象，不要输出解释或代码块标记。',
  ];
  return agentMessages(brief, undefined, { role: STYLE_ROLE, rules }, [
    quotedBlock('参考文章', defang(referenceText)),
    [
      '输出格式（JSON）：',
      '{"tone": "语气与口吻", "sentenceLength": "句子长短与节奏", "structure": "段落与篇章结构", "hooks": "开头与吸引读者的方式", "vocabulary": ["有代表性的常用词或表达"]}',
      'vocabulary 5～10 个，全部使用简体中文。',
    ].join('\n'),
  ]);
}

/**
 * The style profile as a block for the outline and writing prompts (derived from outside text, so
 * data too): the words, the reference's measured numbers (style/style-metrics.ts) to aim at, and
 * two short excerpts of it to imitate in manner, not in content.
 */
export function styleText(style: StyleProfile | undefined): string | undefined {
  if (!style) return undefined;
  const lines = [
    `- 语气：${style.tone}`,
    `- 句式：${style.sentenceLength}`,
    `- 结构：${style.structure}`,
    `- 开头方式：${style.hooks}`,
    style.vocabulary.length > 0 ? `- 常用表达：${style.vocabulary.join('、')}` : '',
  ].filter(Boolean);
  const blocks = [quotedBlock('风格参考', defang(lines.join('\n')))];
  if (style.measured) {
    blocks.push(`参考文章的实测文风数据（写作时向这些数字靠拢）：\n${quotedBlock('文风数据', defang(styleNumbersText(style.measured)))}`);
  }
  const excerpts = (style.excerpts ?? []).filter((excerpt) => excerpt.trim());
  if (excerpts.length > 0) {
    blocks.push(
      `参考文章片段（只模仿句式、语气和节奏，不要照抄其中的内容、观点或事实）：\n${excerpts.map((excerpt, i) => quotedBlock(`参考片段${i + 1}`, defang(excerpt))).join('\n')}`,
    );
  }
  return blocks.join('\n\n');
}
