import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import type { ArticleBrief, CombinedArticle, Outline, StyleProfile } from '../types.js';
import { agentMessages } from './shared-context.js';
import { unfence } from './reply-text.js';
import { styleText } from './style.js';
import { parseTopic } from '../../../topic/index.js';
import { quotedBlock } from '../../../providers/llm/prompt-data.js';

export const SEO_ROLE = '你是中文内容平台的 SEO 优化师，负责在不损害可读性的前提下提升文章的搜索表现。';

const KEYWORD_LINE = /^\s*(?:\*\*)?(?:SEO\s*)?关键词(?:\*\*)?\s*[:：]\s*(.*)$/;

/** `outline`, when the task has one, joins the stable prefix the task's other calls start with. */
export function seoMessages(brief: ArticleBrief, article: CombinedArticle, keywords: string[], style?: StyleProfile, outline?: Outline): ChatMessage[] {
  const wanted =
    keywords.length > 0
      ? `目标关键词：${keywords.join('、')}`
      : '没有指定关键词：请根据主题、目标读者和发布平台自拟 3～5 个用户最可能搜索的关键词。';
  const { title } = parseTopic(brief.topic);
  const rules = [
    wanted,
    '优化要求：',
    '1. 关键词自然融入标题和正文：标题包含最核心的关键词，正文开头 100 字内出现，每个关键词在全文出现 2～3 次，不要堆砌。',
    '2. 保留所有 ## 二级标题的结构和顺序，[n] 引用标记原样保留，不增加、不删除、不改编号。',
    `3. 不要大幅删减，全文保持约 ${brief.length} 字；写作风格、目标读者和平台规范与创作要求一致。`,
    '4. 输出格式：第一行是“# 标题”，之后是完整正文，最后单独一行写“关键词：词1、词2、词3”。',
    title ? `5. 用户指定了标题「${title}」：标题一字不改，关键词放进正文和小标题。` : '',
    '不要为了关键词加进“总而言之”“值得注意的是”“赋能”这类套话。',
  ]
    .filter(Boolean)
    .join('\n');
  const task = ['只调整措辞与标题，不改变文章的事实、观点和结构。', '只输出 Markdown，不要输出解释或代码块标记。'];
  return agentMessages(brief, outline, { role: SEO_ROLE, rules: task }, [styleText(style), quotedBlock('文章', article.markdown.trim()), rules]);
}

/** Splits the closing 关键词 line off an SEO answer; `keywords` is undefined when there is none. */
export function splitKeywords(text: string): { article: string; keywords: string[] | undefined } {
  const lines = unfence(text).trimEnd().split('\n');
  const match = KEYWORD_LINE.exec(lines.at(-1) ?? '');
  if (!match) return { article: lines.join('\n'), keywords: undefined };
  const keywords = (match[1] ?? '')
    .split(/[、，,；;\s]+/)
    .map((word) => word.replace(/^#/, '').trim())
    .filter(Boolean);
  return { article: lines.slice(0, -1).join('\n').trimEnd(), keywords };
}
