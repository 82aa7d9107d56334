import { PLATFORM_TITLE_LIMITS, REPURPOSE_LIMITS, type RepurposePlatform } from '@tianma/shared';
import type { UsageListener } from '../generation/stage-context.js';
import { type ChatMessage, LlmError, type LlmPort } from '../providers/llm/llm-port.js';
import { fitAtBoundary } from './offline/pick.js';
import { toutiaoHeadline } from './offline/toutiao.js';
import type { RepurposeDraft } from './offline/types.js';
import { hashtags } from './offline/xiaohongshu.js';
import { correctionMessage, repurposeMessages } from './prompts.js';
import type { SourceArticle } from './source-article.js';

/**
 * 一稿多发 with a model: one call with the platform's prompt; a reply missing a part the form
 * requires gets one corrective retry (two calls at most). What the model writes is then held to
 * the form's limits: the title's length (and no clickbait on 头条), the note's 5–8 #话题, and no
 * picture the source does not have.
 */

const TAG = /(?:^|\s)#([^\s#]+)/gu;

/** The part of the form the reply lacks, or null when it has them all. */
export function missingPart(platform: RepurposePlatform, markdown: string): string | null {
  if (markdown.replace(/\s/gu, '').length < 50) return '正文过短';
  if (platform === 'video_script') {
    if (!/开头3秒钩子/u.test(markdown)) return '缺少“开头3秒钩子”';
    if (!/\|\s*镜头\s*\|\s*画面\s*\|\s*台词\s*\|\s*时长\s*\|/u.test(markdown)) return '缺少分镜表（镜头 | 画面 | 台词 | 时长）';
  }
  if (platform === 'zhihu' && !/先说结论/u.test(markdown)) return '第一段没有以“先说结论：”开头';
  return null;
}

const TITLE_LIMIT: Record<RepurposePlatform, (title: string) => string> = {
  xiaohongshu: (title) => fitAtBoundary(title, REPURPOSE_LIMITS.xiaohongshuTitle),
  zhihu: (title) => fitAtBoundary(title, PLATFORM_TITLE_LIMITS.zhihu),
  toutiao: toutiaoHeadline,
  video_script: (title) => fitAtBoundary(title, REPURPOSE_LIMITS.toutiaoTitle),
};

/** The reply as an article: no code fence, its `# ` title held to the platform's limit, no invented picture. */
export function shapeReply(platform: RepurposePlatform, reply: string, source: SourceArticle, context: { topic?: string; keywords?: readonly string[] }): RepurposeDraft {
  let markdown = reply.trim().replace(/^```(?:markdown|md)?\s*\n?|\n?```\s*$/gu, '').trim();
  const heading = /^#\s+(.+)$/mu.exec(markdown);
  const title = TITLE_LIMIT[platform]((heading?.[1] ?? source.title).trim());
  markdown = heading ? markdown.replace(heading[0], `# ${title}`) : `# ${title}\n\n${markdown}`;
  const known = new Set(source.pictures.map((picture) => picture.url));
  markdown = markdown.replace(/^\s*!\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)\s*$/gmu, (line, url: string) => (known.has(url) ? line : ''));
  const extra: Record<string, unknown> = {};
  if (platform === 'xiaohongshu') {
    const tags = [...markdown.matchAll(TAG)].map((match) => `#${match[1]}`);
    const { min, max } = REPURPOSE_LIMITS.xiaohongshuTags;
    if (tags.length < min) {
      // Too few: the source's own terms complete the set, on the last line.
      const more = hashtags(source, context).filter((tag) => !tags.includes(tag)).slice(0, min - tags.length);
      markdown = `${markdown.trimEnd()}${tags.length > 0 ? ' ' : '\n\n'}${more.join(' ')}`;
      tags.push(...more);
    }
    extra.hashtags = tags.slice(0, max);
  }
  const covers = [...new Set([...(source.coverUrl ? [source.coverUrl] : []), ...source.pictures.map((p) => p.url)])].slice(0, REPURPOSE_LIMITS.toutiaoCovers.max);
  if (platform === 'toutiao') extra.covers = covers;
  return { title, markdown: `${markdown.replace(/\n{3,}/gu, '\n\n').trim()}\n`, coverUrl: covers[0] ?? null, extra };
}

export interface ModelRepurposeInput {
  llm: LlmPort;
  platform: RepurposePlatform;
  source: SourceArticle;
  original: { title: string; content: string };
  context: { topic?: string; keywords?: readonly string[] };
  onUsage: UsageListener;
  signal?: AbortSignal;
}

export async function repurposeWithModel(input: ModelRepurposeInput): Promise<RepurposeDraft> {
  const messages: ChatMessage[] = repurposeMessages(input.platform, input.original);
  const ask = async (conversation: ChatMessage[]) => {
    try {
      const result = await input.llm.chat({ purpose: 'writing', messages: conversation, temperature: 0.5, signal: input.signal });
      input.onUsage('writing', result.usage);
      return result.text;
    } catch (error) {
      // Failed calls were billed too (as in the pipeline's agents).
      if (error instanceof LlmError && error.usage && error.usage.totalTokens > 0) input.onUsage('writing', error.usage);
      throw error;
    }
  };
  const first = await ask(messages);
  const problem = missingPart(input.platform, first);
  if (!problem) return shapeReply(input.platform, first, input.source, input.context);
  const retry = await ask([...messages, { role: 'assistant', content: first }, { role: 'user', content: correctionMessage(problem) }]);
  if (missingPart(input.platform, retry)) throw new LlmError('BAD_RESPONSE', `模型返回的内容不符合${input.platform}的格式：${problem}`);
  return shapeReply(input.platform, retry, input.source, input.context);
}
