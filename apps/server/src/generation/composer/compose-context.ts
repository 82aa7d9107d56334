import { type ArticleType, countCjkLength, labelOf, PLATFORMS, WRITING_STYLES } from '@tianma/shared';
import type { ArticleBrief, Outline } from '../agents/types.js';
import { fillTemplate, shapeOf } from './phrasebook.js';
import { PLATFORM_VOICES, type PlatformVoice, STYLE_VOICES, type StyleVoice } from './phrasebook-voices.js';
import { SeededRandom } from '../../platform/seeded-random.js';
import { parseTopic } from '../../topic/parse-topic.js';
import type { ParsedTopic } from '../../topic/types.js';
import { type TopicTerms, termsOf } from './topic-terms.js';
import type { Facet, TypeShape } from './type-shape.js';
import { domainFacets } from './domain-facets.js';
import { DOMAIN_PACKS, ESSAY_PACKS, INDUSTRY_PACKS } from './domains/index.js';
import type { DomainPack } from './domains/domain-pack.js';
import { matchDomain } from './domains/match-domain.js';

/** Everything the composer derives from a brief once: seed, terms, phrase banks and slots. */
export interface ComposeContext {
  brief: ArticleBrief;
  /** Topic plus settings: the same brief gives the same article, another topic another one. */
  seed: string;
  /** The request read into parts (decision 046): subject, form, key terms, instruction parts. */
  parsed: ParsedTopic;
  terms: TopicTerms;
  shape: TypeShape;
  /** The common knowledge of the request's domain (养猫, 国考…), when one matches (decision 049). */
  domain?: DomainPack;
  /**
   * The domain is an essay pack: scenes to open and end on. An essay on something people do
   * (城市夜跑) with no scenes of its own takes the practical pack instead, and tells what doing it
   * taught rather than inventing a story (scenes false).
   */
  scenes: boolean;
  /** The body facets to choose from: the domain's for a guide or a recommendation, else the type's. */
  facets: Facet[];
  voice: StyleVoice;
  platform: PlatformVoice;
  xhs: boolean;
  slots: Record<string, string>;
}

/** The types an industry pack serves: its facets are written for their two plans. */
const INDUSTRY_TYPES: ReadonlySet<ArticleType> = new Set(['industry_analysis', 'analysis_commentary_opinion']);
/**
 * A tech explainer that asks why, whether or what to make of something (大模型推理成本为什么在
 * 下降) is an analysis in substance: an industry pack answers it with the analysis's facets (the
 * background, the players, the forces, the direction), where the explainer's own (是什么、原理、
 * 怎么用) would not fit the question. A commentary on the same industry takes the pack's other
 * facets, so two articles about one industry do not tell the same sentences.
 */
const COMMENTARY_INTENTS: ReadonlySet<ParsedTopic['intent']> = new Set(['reason', 'verdict', 'view', 'account']);

export function contextOf(brief: ArticleBrief): ComposeContext {
  const parsed = parseTopic(brief.topic);
  const terms = termsOf(parsed);
  const industry = brief.industry.trim();
  // 面向刚毕业的大学生 in the request names the readers more closely than the form's setting.
  const asked = parsed.constraints.find((constraint) => constraint.kind === 'audience' && countCjkLength(constraint.value) <= 12)?.value;
  const audience = asked ?? readersOf(brief.audience.trim());
  const settings = [brief.topic.trim(), audience, brief.articleType, brief.style, brief.platform, brief.length, industry];
  const seed = (brief.variant ? [...settings, brief.variant] : settings).join('|');
  // An essay draws on the essay packs' scenes; every other type on the practical packs. An essay
  // with no scenes of its own but a practical pack (城市夜跑, 第一次养猫) is an account of what
  // the thing taught, in a guide's order: concrete knowledge, not a story about nothing.
  // An industry analysis or a commentary on an industry (预制菜, 跨境电商) takes what an industry
  // pack knows of it before a practical pack's (decision 084).
  const essay = brief.articleType === 'experience_story_essay';
  const scene = essay ? matchDomain(parsed, ESSAY_PACKS) : undefined;
  const techCommentary = brief.articleType === 'tech_interpretation' && COMMENTARY_INTENTS.has(parsed.intent);
  const ofIndustry = INDUSTRY_TYPES.has(brief.articleType) || techCommentary ? matchDomain(parsed, INDUSTRY_PACKS) : undefined;
  const domain = scene ?? ofIndustry ?? matchDomain(parsed, DOMAIN_PACKS);
  const lessons = essay && !scene;
  const facetType = lessons ? 'practical_guide' : ofIndustry && techCommentary ? 'industry_analysis' : brief.articleType;
  const fromDomain = domainFacets(domain, facetType, parsed);
  // Its frames are a guide's too: an essay's (「那段经历会一直陪着我往前走」) would tell of a story
  // the article does not tell. The style's voice stays the writer's.
  const shape = shapeOf(fromDomain ? facetType : brief.articleType);
  return {
    brief,
    seed,
    parsed,
    terms,
    shape,
    ...(fromDomain ? { domain } : {}),
    scenes: Boolean(fromDomain && scene),
    facets: fromDomain ?? shape.facets,
    voice: STYLE_VOICES[brief.style],
    platform: PLATFORM_VOICES[brief.platform],
    xhs: brief.platform === 'xiaohongshu',
    slots: {
      topic: terms.topic,
      term: terms.main,
      term2: terms.terms[1] ?? terms.main,
      audience,
      field: !industry || industry === '不限' || industry === 'unlimited' ? '这个领域' : `${industry}领域`,
      typeLabel: TYPE_NOUNS[brief.articleType],
      platformLabel: labelOf(PLATFORMS, brief.platform) ?? '',
      styleLabel: labelOf(WRITING_STYLES, brief.style) ?? '',
    },
  };
}

/**
 * The form's audience labels are category names (特定领域爱好者, 消费体验派); in a sentence
 * (「很多消费体验派都有同样的想法」) they read like a form. Prose names the people instead; a
 * custom audience is the user's own words and stays as typed.
 */
const READERS: Record<string, string> = {
  职场打工人: '职场人',
  特定领域爱好者: '同好',
  潜在客户: '正在了解的朋友',
  消费体验派: '注重体验的朋友',
};

/** The article's kind as prose names it: 「这篇科技前沿」 is a menu label, 「这篇科普」 a thing one writes. */
const TYPE_NOUNS: Record<ArticleType, string> = {
  practical_guide: '攻略',
  recommendation_sharing: '分享',
  experience_story_essay: '随笔',
  analysis_commentary_opinion: '分析',
  tech_interpretation: '科普',
  industry_analysis: '行业分析',
};

function readersOf(label: string): string {
  return READERS[label] ?? (label || '读者');
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
  if (tags.length < 3) add(ctx.brief.audience);
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

/**
 * The pack facets an article may draw spare sentences from: the whole pack for a practical or an
 * essay pack (it all knows about the topic), but for an industry pack only the plan this article
 * follows. Its analysis and its commentary halves are two articles' matter: an analysis and a
 * commentary on one industry (大模型推理成本为什么在下降, AI编程助手对初级程序员的影响) would
 * otherwise tell the same sentences.
 */
export function packFacets(ctx: Pick<ComposeContext, 'domain' | 'facets'>): DomainPack['facets'] {
  return splitPack(ctx).own;
}

/** The other half of an industry pack: matter for a long article only once its own half is said. */
export function otherPackFacets(ctx: Pick<ComposeContext, 'domain' | 'facets'>): DomainPack['facets'] {
  return splitPack(ctx).other;
}

function splitPack(ctx: Pick<ComposeContext, 'domain' | 'facets'>): { own: DomainPack['facets']; other: DomainPack['facets'] } {
  if (!ctx.domain) return { own: [], other: [] };
  const industry = ctx.domain.facets.some((facet) => facet.move === '格局');
  if (!industry) return { own: ctx.domain.facets, other: [] };
  const moves = new Set(ctx.facets.map((facet) => facet.move));
  return { own: ctx.domain.facets.filter((facet) => moves.has(facet.move)), other: ctx.domain.facets.filter((facet) => !moves.has(facet.move)) };
}
