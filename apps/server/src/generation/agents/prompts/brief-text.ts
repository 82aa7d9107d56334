import { ARTICLE_TYPES, labelOf, PLATFORMS, WRITING_STYLES } from '@tianma/shared';
import type { ArticleBrief } from '../types.js';
import { parseTopic } from '../../../topic/index.js';
import { platformConventions } from './platform-conventions.js';
import { topicPartLines } from './topic-parts.js';

const LANGUAGES: Record<ArticleBrief['language'], string> = { 'zh-CN': '简体中文' };

/** Said in every writing prompt. */
export function languageRule(brief: ArticleBrief): string {
  return `全文使用${LANGUAGES[brief.language]}写作。`;
}

/**
 * The creation settings as one block: every agent sees the same platform (with its conventions),
 * article type, style, audience, industry, length and topic (as typed, and read into its parts by
 * topic/parse-topic.ts). The settings come first, those most tasks share before those they
 * differ in, and the topic last: a provider's prefix cache is shared by all the platform's tasks,
 * so tasks with the same settings find the start of the brief cached (issue 19, point 2). The
 * language is the system text's rule.
 */
export function briefText(brief: ArticleBrief): string {
  const lines = [
    '【创作要求】',
    `- 发布平台：${labelOf(PLATFORMS, brief.platform) ?? brief.platform}`,
    `- 平台规范：${platformConventions(brief.platform)}`,
    `- 文章类型：${labelOf(ARTICLE_TYPES, brief.articleType) ?? brief.articleType}`,
    `- 写作风格：${labelOf(WRITING_STYLES, brief.style) ?? brief.style}`,
    `- 目标读者：${brief.audience}`,
    `- 行业领域：${brief.industry}`,
    `- 全文目标字数：约 ${brief.length} 字`,
    `- 主题：${brief.topic}`,
    ...topicPartLines(parseTopic(brief.topic), brief.length),
    '【/创作要求】',
  ];
  return lines.join('\n');
}
