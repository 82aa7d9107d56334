import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, CombinedArticle, Outline, SectionDraft, StyleProfile } from '../types.js';
import { agentMessages } from './shared-context.js';
import { humanizeText } from './humanize.js';
import { keepMarkers, splitTitle, unfence } from './reply-text.js';
import { styleText } from './style.js';
import { parseTopic } from '../../../topic/index.js';
import { quotedBlock } from '../../../providers/llm/prompt-data.js';

export const COMBINE_ROLE = '你是资深统稿编辑，负责把多位撰稿人并行写好的章节合成一篇连贯的完整文章。';

/** The sections joined under the title: the opening bare, every other section under its `## ` heading. */
export function draftText(outline: Outline, sections: SectionDraft[]): string {
  const parts = [...sections]
    .sort((a, b) => a.index - b.index)
    .map((section) => {
      const text = section.markdown.trim();
      return section.index === 0 || text.startsWith('## ') ? text : `## ${section.heading}\n\n${text}`;
    });
  return `# ${outline.title}\n\n${parts.join('\n\n')}\n`;
}

/** `outline`, when the task has one, joins the stable prefix the task's other calls start with. */
export function combineMessages(brief: ArticleBrief, draft: string, style?: StyleProfile, outline?: Outline): ChatMessage[] {
  const { title } = parseTopic(brief.topic);
  const task = ['你做的是衔接、去重和去AI味的修订，不是重写：保留各节的内容、事实和数据，只在必要处修改。', '只输出完整的 Markdown 文章，不要输出解释或代码块标记。'];
  const rules = [
    '统稿要求：',
    '1. 在章节之间补上自然的过渡句，让全文一气呵成。',
    '2. 删除各节之间重复的内容和观点。',
    '3. 全文只保留一个开头引言（紧接在标题之后，不加小标题）和一个结尾总结（在最后一节）；删去中间各节里的开场白和总结语。',
    '4. 保留所有 ## 二级标题，顺序和文字不变。',
    '5. [n] 引用标记原样保留：不增加、不删除、不改编号，留在原来所依据的句子后面。',
    `6. 不要大幅删减，全文保持约 ${brief.length} 字；目标读者、文章类型、写作风格和平台规范与创作要求一致。`,
    `7. 第一行是“# 标题”（${title ? `标题必须是「${title}」，一字不改` : '可在原标题基础上润色'}），之后是正文。`,
    '8. 按下面【去AI味】的要求修订全文。',
  ].join('\n');
  return agentMessages(brief, outline, { role: COMBINE_ROLE, rules: task }, [styleText(style), quotedBlock('初稿', draft), rules, humanizeText(draft)]);
}

/** A whole-article answer: the `# ` title split off (or the fallback), no marker the draft lacked. */
export function parseArticle(text: string, fallbackTitle: string, allowedMarkers: Set<number>): CombinedArticle {
  const { title, body } = splitTitle(unfence(text));
  const finalTitle = title ?? fallbackTitle;
  return { title: finalTitle, markdown: `# ${finalTitle}\n\n${keepMarkers(body, (n) => allowedMarkers.has(n))}\n` };
}
