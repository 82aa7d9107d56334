import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, StyleProfile } from '../types.js';
import { briefText } from './brief-text.js';
import { DATA_NOT_INSTRUCTIONS, defang, quotedBlock } from '../../../providers/llm/prompt-data.js';

export const STYLE_ROLE = '你是文风分析师，负责从一篇参考文章中提炼可以模仿的写作风格。';

export function styleMessages(brief: ArticleBrief, referenceText: string): ChatMessage[] {
  const system = [
    STYLE_ROLE,
    '只分析写法（语气、句式、结构、开头方式、常用词汇），不要复述参考文章的内容和观点；新文章将沿用这种风格来写下面的主题。',
    DATA_NOT_INSTRUCTIONS,
    '只输出一个 JSON 对象，不要输出解释或代码块标记。',
  ].join('\n');
  const user = [
    briefText(brief),
    quotedBlock('参考文章', defang(referenceText)),
    [
      '输出格式（JSON）：',
      '{"tone": "语气与口吻", "sentenceLength": "句子长短与节奏", "structure": "段落与篇章结构", "hooks": "开头与吸引读者的方式", "vocabulary": ["有代表性的常用词或表达"]}',
      'vocabulary 5～10 个，全部使用简体中文。',
    ].join('\n'),
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The style profile as a block for the outline and writing prompts (derived from outside text, so data too). */
export function styleText(style: StyleProfile | undefined): string | undefined {
  if (!style) return undefined;
  const lines = [
    `- 语气：${style.tone}`,
    `- 句式：${style.sentenceLength}`,
    `- 结构：${style.structure}`,
    `- 开头方式：${style.hooks}`,
    style.vocabulary.length > 0 ? `- 常用表达：${style.vocabulary.join('、')}` : '',
  ].filter(Boolean);
  return quotedBlock('风格参考', defang(lines.join('\n')));
}
