import type { ChatMessage } from '../../../providers/llm/llm-port.js';
import { DATA_NOT_INSTRUCTIONS } from '../../../providers/llm/prompt-data.js';
import type { ArticleBrief, Outline } from '../types.js';
import { briefText, languageRule } from './brief-text.js';

/**
 * The stable prefix of every model call of a task (issue 19, point 2): one system text for all
 * agents, then a first user block with the brief (platform rules included) and, once it exists,
 * the outline, byte for byte the same in every call; the agent's role, rules and data come after.
 * Providers cache a repeated prompt prefix (DeepSeek automatically in 64-token units, Qwen and
 * Kimi context caching), so the calls after the first pay the prefix at the cached rate.
 */
export const SHARED_ROLE = '你是天马写作平台中文内容团队的一员，这一次担任的角色和任务写在“本次任务”之后；【创作要求】和【全文大纲】全组共用。';

/** Opens the part of the prompt that is the call's own; the agent's role line follows it. */
export const TASK_HEADING = '本次任务：';

export function sharedSystem(brief: ArticleBrief): string {
  return [SHARED_ROLE, DATA_NOT_INSTRUCTIONS, languageRule(brief)].join('\n');
}

/** The outline as every agent after the outline sees it: numbered from 1, with budgets and key points. */
export function outlineText(outline: Outline): string {
  const lines = outline.sections.map((section, i) => {
    const points = section.keyPoints.length > 0 ? `：${section.keyPoints.join('；')}` : '';
    return `${i + 1}. ${section.heading}（约 ${section.budget} 字）${points}`;
  });
  return ['【全文大纲】', `标题：${outline.title}`, ...lines, '【/全文大纲】'].join('\n');
}

/** The first user block: the same in every call of a task that knows the same outline. */
export function stableContext(brief: ArticleBrief, outline?: Outline): string {
  return outline ? `${briefText(brief)}\n\n${outlineText(outline)}` : briefText(brief);
}

/**
 * An agent's messages: the shared system text, then one user message that opens with the stable
 * block and goes on with 本次任务 (the role line first, then the agent's rules) and the call's
 * own parts (data, format). One user message, since some providers refuse two in a row.
 */
export function agentMessages(
  brief: ArticleBrief,
  outline: Outline | undefined,
  task: { role: string; rules: string[] },
  parts: (string | undefined)[],
): ChatMessage[] {
  const taskBlock = [`${TASK_HEADING}${task.role}`, ...task.rules].join('\n');
  return [
    { role: 'system', content: sharedSystem(brief) },
    { role: 'user', content: [stableContext(brief, outline), taskBlock, ...parts].filter(Boolean).join('\n\n') },
  ];
}
