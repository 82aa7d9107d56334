import { REPURPOSE_LIMITS, type RepurposePlatform, repurposeLabel, truncate } from '@tianma/shared';
import type { ChatMessage } from '../providers/llm/llm-port.js';

/**
 * The model's instructions for 一稿多发: one system prompt per platform (its form) with the same
 * rules on facts — nothing the source does not say — and the source as the user message. Pure.
 */

/** The role line every repurpose prompt opens with (tests' fake model answers by it). */
export const REPURPOSE_ROLE = '你是一名熟悉各内容平台的资深编辑，负责“一稿多发”';
/** The source is cut to this before it reaches the prompt; a longer article loses its tail. */
export const SOURCE_MAX_CHARS = 12_000;

const L = REPURPOSE_LIMITS;

export const PLATFORM_FORMS: Record<RepurposePlatform, string> = {
  xiaohongshu: [
    `- 标题不超过${L.xiaohongshuTitle}个字（含 emoji），以一个 emoji 开头。`,
    '- 开头 1–2 句短句，直接说出原文最打动人的一点。',
    '- 正文分成简短段落，每段不超过60字，段首用一个 emoji；可以用加粗的短句作小标题，不要用 # 标题。',
    '- 全文约300–800字。',
    `- 最后一行写${L.xiaohongshuTags.min}–${L.xiaohongshuTags.max}个话题标签（如 #护肤 #防晒），取自原文的关键词，用空格隔开。`,
  ].join('\n'),
  zhihu: [
    '- 这是一篇知乎回答：第一段以“先说结论：”开头，直接给出原文的结论。',
    '- 然后用 ## 小标题分段展开理由，保持原文的论证顺序，可以压缩，不要扩写。',
    '- 结尾用原文自己的收尾。',
    '- 不要写“谢邀”，不要虚构亲身经历或第一人称故事。',
  ].join('\n'),
  toutiao: [
    `- 标题不超过${L.toutiaoTitle}个字，不用“震惊”“必看”等夸张词，不用连续的感叹号。`,
    '- 开头两句话交代全文要点。',
    '- 用 ## 小标题分段，段落简短，每段不超过3句。',
    '- 原文的图片行原样保留在原来的位置。',
  ].join('\n'),
  video_script: [
    `- 这是抖音/快手的短视频口播脚本，总时长${L.videoSeconds.min}–${L.videoSeconds.max}秒，按每秒约${L.videoCharsPerSecond}个字估算。`,
    `- “## 开头3秒钩子”：一句${L.videoHookSeconds * L.videoCharsPerSecond}字以内的提问或原文中最具体的一句话，前面标注 **0:00–0:03**。`,
    '- “## 口播稿”：分段，每段前标注时间区间（如 **0:03–0:15**），区间首尾相接。',
    '- “## 分镜表”：Markdown 表格，列为：镜头 | 画面 | 台词 | 时长；时长以秒计（如 12秒），各镜头时长相加等于总时长。',
    '- 画面只描述原文已有的内容（小标题、原文图片），不要虚构场景、人物或数据。',
  ].join('\n'),
};

export function repurposeMessages(platform: RepurposePlatform, source: { title: string; content: string }): ChatMessage[] {
  const system = [
    `${REPURPOSE_ROLE}：把用户已经写好的文章改写成${repurposeLabel(platform)}。`,
    '',
    '硬性要求：',
    '1. 只使用原文中已有的事实、数据、人名、例子和观点；不得编造原文没有的数字、案例、引语、来源或亲身经历。',
    '2. 原文的图片行（![…](…)）如需使用，原样保留，不要编造新的图片地址。',
    '3. 直接输出 Markdown，第一行是“# 标题”，不要解释，不要代码块。',
    '',
    '平台要求：',
    PLATFORM_FORMS[platform],
  ].join('\n');
  const user = `原文标题：${source.title}\n\n原文：\n${truncate(source.content, SOURCE_MAX_CHARS, '')}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** What the corrective retry says when the form is missing a required part. */
export function correctionMessage(problem: string): string {
  return `上一次的输出不符合要求：${problem}。请按平台要求完整地重新输出，只输出 Markdown 正文。`;
}
