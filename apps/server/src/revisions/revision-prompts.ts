import { labelOf, PLATFORM_TITLE_LIMITS, PLATFORMS, type Platform, REVISION_LABELS, type RevisionAction, WRITING_STYLES, type WritingStyle } from '@tianma/shared';
import type { ChatMessage } from '../providers/llm/llm-port.js';
import { HUMANIZE_SHORT, stockPhraseLines } from '../generation/agents/prompts/humanize.js';
import { platformConventions } from '../generation/agents/prompts/platform-conventions.js';

/** What a revision prompt knows about the article besides the selection. */
export interface RevisionSetting {
  platform: Platform;
  /** The audience in words (职场打工人, or the user's own text); empty when unknown. */
  audience: string;
  style: WritingStyle | null;
  /** The article's heading or topic, for orientation. */
  title: string;
}

export interface RevisionPromptInput {
  action: RevisionAction;
  selection: string;
  /** The text just before and after the selection (for titles/summary: none, the selection is the article). */
  before: string;
  after: string;
  setting: RevisionSetting;
  /** The style 换语气 turns the selection into. */
  toneStyle?: WritingStyle;
  /** Passages of the user's knowledge base close to the selection, when the article used one. */
  passages: { title: string; content: string }[];
  /** The most characters the answer may have. */
  outputLimit: number;
}

const ROLE = '你是资深中文编辑，在作者的在线编辑器里按要求修改文章的一部分。';

const KEEP_FORMAT = '保留原文的 Markdown 格式（小标题、列表、加粗、图片和链接原样保留）；只输出结果本身，不加解释、引号或“修改后：”之类的前缀。';
const NO_INVENTION = '不编造数据、人名、机构、引语和来源；原文没有的事实不要加。';

function instruction(input: RevisionPromptInput): string {
  const { setting, outputLimit } = input;
  switch (input.action) {
    case 'polish':
      return `润色【选中文字】：让句子更通顺、用词更准确、节奏更好读，保留原意、事实和数字，长度与原文相近。${NO_INVENTION}`;
    case 'expand':
      return `扩写【选中文字】：在原意上补充细节、具体场景或解释，让内容更充实，篇幅约为原文的 1.5～2 倍。${NO_INVENTION}`;
    case 'shorten':
      return '缩写【选中文字】：保留关键信息、数字和结论，删去重复、铺垫和套话，篇幅约为原文的一半。';
    case 'rewrite':
      return `改写【选中文字】：换一种表达和句式重写，意思、事实和数字不变，长度相近，读起来不能像原文的同义词替换。${NO_INVENTION}`;
    case 'continue':
      return `续写：紧接【选中文字】的结尾往下写一到两段（不重复选中文字本身），与上文衔接、与下文不冲突，语气一致。${NO_INVENTION}`;
    case 'tone': {
      const tone = labelOf(WRITING_STYLES, input.toneStyle ?? '') ?? '通俗易懂';
      return `换语气：把【选中文字】改成「${tone}」的风格，意思、事实和数字不变，长度相近。${NO_INVENTION}`;
    }
    case 'deai': {
      const found = stockPhraseLines(input.selection);
      return [`去AI味：改写【选中文字】，${HUMANIZE_SHORT}意思和事实不变，长度相近。`, ...(found.length > 0 ? ['这段里数到的套话：', ...found] : [])].join('\n');
    }
    case 'normalize':
      return '统一【选中文字】的标点和格式：中文里用全角标点，中英文之间加空格，不改动任何字词。';
    case 'titles': {
      const limit = PLATFORM_TITLE_LIMITS[setting.platform];
      return `为【全文】拟 5 个标题，发在${labelOf(PLATFORMS, setting.platform)}：每个不超过 ${limit} 个字，角度各不相同（结论、问题、文中的具体数字或场景、读者的收获），不用“震惊”“必看”“绝了”之类的标题党词，不与现在的标题“${setting.title}”相同。每行一个，不编号。`;
    }
    case 'summary':
      return `为【全文】写一段 80～120 字的摘要：说清文章讲了什么、给读者什么结论或方法，只用文中有的信息，一段话，不分点。`;
  }
  return `按“${REVISION_LABELS[input.action]}”处理【选中文字】，结果不超过 ${outputLimit} 字。`;
}

function settingText(setting: RevisionSetting): string {
  const lines = [`文章：${setting.title || '（无标题）'}`, platformConventions(setting.platform)];
  if (setting.audience) lines.push(`读者：${setting.audience}`);
  if (setting.style) lines.push(`全文风格：${labelOf(WRITING_STYLES, setting.style)}`);
  return lines.join('\n');
}

/**
 * The messages of one action. Stable context first (the role, the platform's conventions, the
 * article's setting), then the passages, the surrounding text, and the selection with the task
 * last, so that repeated actions on one article share a prompt prefix.
 */
export function revisionMessages(input: RevisionPromptInput): ChatMessage[] {
  const whole = input.action === 'titles' || input.action === 'summary';
  const parts: string[] = [settingText(input.setting)];
  if (input.passages.length > 0) {
    parts.push(['【作者资料】（可引用其中的事实，不要照抄）', ...input.passages.map((passage) => `《${passage.title}》${passage.content}`)].join('\n'));
  }
  if (!whole && input.before.trim()) parts.push(`【上文】\n${input.before}`);
  parts.push(`${whole ? '【全文】' : '【选中文字】'}\n${input.selection}`);
  if (!whole && input.after.trim()) parts.push(`【下文】\n${input.after}`);
  parts.push(`【要求】\n${instruction(input)}\n${KEEP_FORMAT}\n结果不超过 ${input.outputLimit} 字。`);
  return [
    { role: 'system', content: ROLE },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** A model's titles answer as clean lines: numbering, quotes and empty lines removed, five at most. */
export function titleLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.replace(/^\s*(?:\d+[.、．)）]|[-*•])\s*/u, '').replace(/^[《「“"]|[》」”"]$/gu, '').trim())
    .filter((line) => line.length > 0)
    .slice(0, 5);
}
