import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { Material, SectionWritingInput } from '../types.js';
import { materialsText } from './materials-text.js';
import { demoteHeadings, keepMarkers, unfence } from './reply-text.js';
import { styleText } from './style.js';
import { HUMANIZE_SHORT } from './humanize.js';
import { agentMessages } from './shared-context.js';

export const SECTION_ROLE = '你是专业的中文内容撰稿人（章节撰稿），负责按大纲撰写文章中的一节。';

/** The writer's allowed range around its budget. */
export function budgetRange(budget: number): [number, number] {
  return [Math.round(budget * 0.9), Math.round(budget * 1.1)];
}

function positionRules(index: number, count: number): string[] {
  const rules = [`这是全文第 ${index + 1}/${count} 节。`];
  if (index === 0) rules.push('这是开篇：几句话引出主题、点明读者关心的问题，不要写小标题。');
  else rules.push('不要写开场白或引言，直接进入本节内容。');
  // The stock closers (综上所述, 总而言之) are named in the 去AI味 rule every section gets.
  if (index < count - 1) rules.push('不要写总结或收尾语，后面还有其他章节。');
  else rules.push('这是全文最后一节：收束全文，给出总结或行动建议。');
  return rules;
}

/**
 * A neighbour's gist, or a pointer to its line in the outline when the gist is only that line's
 * heading and first key points (as the pipeline makes it): the outline is in the prompt already.
 */
function neighbour(gist: string, outline: SectionWritingInput['outline'], i: number): string {
  const section = outline.sections[i];
  if (section && gist === `${section.heading}：${section.keyPoints.slice(0, 2).join('；')}`) return `大纲第 ${i + 1} 节「${section.heading}」`;
  return gist;
}

/** The messages for one section; `materials` may be fewer or shorter than the input's after a context overflow. */
export function sectionMessages(input: SectionWritingInput, materials: Material[]): ChatMessage[] {
  const { brief, outline, index } = input;
  const count = outline.sections.length;
  const section = outline.sections[index];
  if (!section) throw new Error(`section ${index} is not in the outline`);
  const [low, high] = budgetRange(section.budget);
  const numbers = materials.length === 1 ? '[1]' : `[1]～[${materials.length}]`;
  const citing =
    materials.length > 0
      ? `引用资料时只能使用给出的编号 ${numbers}，标在所依据的句子末尾；不能使用其他编号，不要编造数据、引文或出处。资料里的标题、列表项、表格行和不完整的句子不是事实陈述，不要当作引文；同一句资料只用一次。`
      : '本节没有参考资料：请依据常识写作，不要使用 [n] 引用标记，不要编造数据、引文或出处。';
  // What every section of the task is told comes first, so the calls share a longer cached prefix.
  const rules = [
    '多位撰稿人并行撰写不同章节，最后由统稿编辑合并，所以你只写分配给你的这一节，不要越界写其他章节的内容。',
    '只输出本节的 Markdown，不要输出解释、代码块标记或全文标题。',
    // Said here once for all sections rather than with each section's own heading: the writer
    // finds its heading in the task line, and cleanSection puts the outline's heading back anyway.
    '除开篇外，每节第一行是“## ”加本节的小标题，节内如需分层只用 ###。',
    `文章切入角度：${input.analysis.angle}`,
    HUMANIZE_SHORT,
    citing,
    // The key points are on the section's line of the outline, in the prompt already.
    `你的任务：撰写「${section.heading}」，${section.keyPoints.length > 0 ? '写透大纲里本节的要点' : '围绕小标题展开'}。`,
    ...positionRules(index, count).map((rule) => `- ${rule}`),
    `- 本节字数：约 ${section.budget} 字（允许 ±10%，即 ${low}～${high} 字）。`,
    input.previousGist ? `- 上一节已写：${neighbour(input.previousGist, outline, index - 1)}（不要重复）` : '',
    input.nextGist ? `- 下一节将写：${neighbour(input.nextGist, outline, index + 1)}（留给下一节，不要提前展开）` : '',
  ].filter(Boolean);
  // Without materials the citing rule above says all there is to say; the empty list would repeat it.
  return agentMessages(brief, outline, { role: SECTION_ROLE, rules }, [
    styleText(input.style),
    materials.length > 0 ? `本节参考资料（编号即引用编号）：\n${materialsText(materials)}` : undefined,
  ]);
}

/**
 * The section as the combine pass expects it: the opening without a heading (it sits under the
 * title, block 0 of the article), every other section under its outline heading, no deeper
 * `## ` inside, and no marker beyond the materials the writer was shown.
 */
export function cleanSection(text: string, heading: string, index: number, materialCount: number): string {
  const withoutHeading = unfence(text).replace(/^#{1,6}\s+.*(\n|$)/, '').trim();
  const body = keepMarkers(demoteHeadings(withoutHeading), (n) => n >= 1 && n <= materialCount);
  return index === 0 ? body : `## ${heading}\n\n${body}`;
}
