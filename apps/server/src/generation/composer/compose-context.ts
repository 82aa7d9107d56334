import { ARTICLE_TYPES, countCjkLength, labelOf, PLATFORMS, WRITING_STYLES } from '@tianma/shared';
import type { ArticleBrief, Outline } from '../agents/types.js';
import { fillTemplate, shapeOf } from './phrasebook.js';
import { PLATFORM_VOICES, type PlatformVoice, STYLE_VOICES, type StyleVoice } from './phrasebook-voices.js';
import { SeededRandom } from '../../platform/seeded-random.js';
import { parseTopic } from '../../topic/parse-topic.js';
import type { ParsedTopic } from '../../topic/types.js';
import { type TopicTerms, termsOf } from './topic-terms.js';
import type { TypeShape } from './type-shape.js';

/** Everything the composer derives from a brief once: seed, terms, phrase banks and slots. */
export interface ComposeContext {
  brief: ArticleBrief;
  /** Topic plus settings: the same brief gives the same article, another topic another one. */
  seed: string;
  /** The request read into parts (decision 046): subject, form, key terms, instruction parts. */
  parsed: ParsedTopic;
  terms: TopicTerms;
  shape: TypeShape;
  voice: StyleVoice;
  platform: PlatformVoice;
  xhs: boolean;
  slots: Record<string, string>;
}

export function contextOf(brief: ArticleBrief): ComposeContext {
  const parsed = parseTopic(brief.topic);
  const terms = termsOf(parsed);
  const industry = brief.industry.trim();
  const audience = brief.audience.trim() || '读者';
  const settings = [brief.topic.trim(), audience, brief.articleType, brief.style, brief.platform, brief.length, industry];
  const seed = (brief.variant ? [...settings, brief.variant] : settings).join('|');
  return {
    brief,
    seed,
    parsed,
    terms,
    shape: shapeOf(brief.articleType),
    voice: STYLE_VOICES[brief.style],
    platform: PLATFORM_VOICES[brief.platform],
    xhs: brief.platform === 'xiaohongshu',
    slots: {
      topic: terms.topic,
      term: terms.main,
      term2: terms.terms[1] ?? terms.main,
      audience,
      field: !industry || industry === '不限' || industry === 'unlimited' ? '这个领域' : `${industry}领域`,
      typeLabel: labelOf(ARTICLE_TYPES, brief.articleType) ?? '文章',
      platformLabel: labelOf(PLATFORMS, brief.platform) ?? '',
      styleLabel: labelOf(WRITING_STYLES, brief.style) ?? '',
    },
  };
}

export function say(ctx: ComposeContext, template: string, extra: Record<string, string> = {}): string {
  return fillTemplate(template, { ...ctx.slots, ...extra });
}

export function rngFor(ctx: ComposeContext, purpose: string): SeededRandom {
  return new SeededRandom(`${ctx.seed}|${purpose}`);
}

/** A hashtag without spaces or punctuation. */
function asTag(text: string): string {
  return text.replace(/[\s#，。、：；！？,.:;!?'"“”‘’（）()《》【】[\]|｜]+/gu, '');
}

/**
 * The #话题 line of a Xiaohongshu note: 3–6 tags from the topic terms and keywords, topped up
 * with the article type's usual tags.
 */
export function topicTags(ctx: ComposeContext, keywords: readonly string[] = ctx.brief.seoKeywords): string {
  const tags: string[] = [];
  const add = (raw: string) => {
    const tag = asTag(raw);
    const length = countCjkLength(tag);
    if (length >= 2 && length <= 12 && !tags.includes(tag) && tags.length < 6) tags.push(tag);
  };
  for (const term of ctx.terms.terms.slice(0, 3)) add(term);
  for (const keyword of keywords) add(keyword);
  for (const tag of ctx.shape.tags) if (tags.length < 4) add(tag);
  if (tags.length < 3) add(ctx.slots.audience!);
  if (tags.length < 3) add('经验分享');
  return tags.map((tag) => `#${tag}`).join(' ');
}

/**
 * What the combiner adds around the sections (the title, and the tags of a Xiaohongshu note),
 * so that sections can leave room for it.
 */
export function articleOverhead(ctx: ComposeContext, outline: Outline): number {
  return countCjkLength(outline.title) + (ctx.xhs ? countCjkLength(topicTags(ctx)) : 0);
}

export function isQuestion(text: string): boolean {
  return /[？?]$/u.test(text.trim());
}

export function stripEnd(text: string): string {
  return text.trim().replace(/[。！？!?；;，,、\s]+$/u, '');
}
