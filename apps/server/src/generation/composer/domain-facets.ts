import type { ArticleType } from '@tianma/shared';
import type { ParsedTopic, TopicIntent } from '../../topic/types.js';
import { DISCOURSE_PLANS } from '../plans/discourse-plans.js';
import type { DomainFacet, DomainPack } from './domains/domain-pack.js';
import type { Facet } from './type-shape.js';

type Move = DomainFacet['move'];
interface DomainMove {
  key: Move;
  priority: number;
}

const fromPlan = (type: ArticleType): DomainMove[] => DISCOURSE_PLANS[type].map((move) => ({ key: move.key as Move, priority: move.priority }));

/**
 * The moves a domain pack fills for each type. A guide and a recommendation follow their own
 * plans, whose moves the packs are written for. An explainer of something people do (什么是指数基金
 * 定投) is best served by when it fits, how to start, how it goes and where people trip; a
 * question of judgement (新能源汽车值不值得买) by the situations, the options compared, the
 * pitfalls and how to decide (each only when it asks that: ANSWERABLE). An essay takes an essay
 * pack's scenes in its own plan. Industry analyses keep their generic facets: they need facts the
 * writer does not have.
 */
const DOMAIN_MOVES: Partial<Record<ArticleType, DomainMove[]>> = {
  practical_guide: fromPlan('practical_guide'),
  recommendation_sharing: fromPlan('recommendation_sharing'),
  // Essay packs (packs-essay.ts) are written for the essay's own plan: scenes and beats, not facts.
  experience_story_essay: fromPlan('experience_story_essay'),
  tech_interpretation: [
    { key: '场景', priority: 1 },
    { key: '准备', priority: 4 },
    { key: '步骤', priority: 2 },
    { key: '常见坑', priority: 3 },
  ],
  analysis_commentary_opinion: [
    { key: '场景', priority: 3 },
    { key: '对比', priority: 1 },
    { key: '常见坑', priority: 2 },
    { key: '怎么选', priority: 4 },
  ],
};

/**
 * What a tech explainer or an analysis must be asking for a pack to answer it: 什么是指数基金定投
 * and 新能源汽车值不值得买 are about doing and choosing, which the packs know; 大模型推理成本为什么
 * 在下降 asks for causes, which they do not.
 */
const ANSWERABLE: Partial<Record<ArticleType, ReadonlySet<TopicIntent>>> = {
  tech_interpretation: new Set(['explanation', 'method', 'overview', 'verdict', 'choice']),
  analysis_commentary_opinion: new Set(['verdict', 'choice']),
};

/** Moves a type borrows when its own run out, in order of preference. */
const BORROWED: Partial<Record<ArticleType, Move[]>> = {
  practical_guide: ['场景', '对比', '怎么选'],
  recommendation_sharing: ['常见坑', '准备', '步骤'],
  tech_interpretation: ['对比', '检查清单'],
  analysis_commentary_opinion: ['准备', '步骤'],
};

function asFacet(facet: DomainFacet, priority: number): Facet {
  return { key: facet.key, move: facet.move, priority, headings: [facet.heading], question: facet.question, points: facet.points, details: facet.details };
}

/**
 * The pack's facets in the type's order, with priorities that keep one facet per move before a
 * second of any move: a short guide gets 步骤 and 准备, a long one two steps, the pitfalls and
 * the checklist. Facets of other moves fill in before the last move when the pack has too few of
 * its own; none when the type does not take domain knowledge.
 */
/** 如何给三岁孩子挑选绘本, 第一次买相机怎么选: a guide whose question is a choice. */
const CHOOSING = /挑选|挑|选购|选|买|入手|推荐|哪款|哪个|哪种/u;
/** A guide about checking, preparing or the steps of something bought is still a how-to. */
const CHECKING = /检查|注意|准备|流程|步骤|手续|过户|验车|避坑/u;

/**
 * The moves for this request: a guide that asks how to choose answers with the recommendation's
 * moves (场景、清单、对比、怎么选), since 挑选绘本 is about which books, not how to read them.
 */
function movesFor(type: ArticleType, parsed: Pick<ParsedTopic, 'intent' | 'action' | 'question'>): DomainMove[] | undefined {
  // 买二手车要检查哪些地方 asks how to check, not which to buy.
  const checking = CHECKING.test(parsed.question ?? parsed.action ?? '');
  const choosing = parsed.intent === 'choice' || ((CHOOSING.test(parsed.action ?? '') || CHOOSING.test(parsed.question ?? '')) && !checking);
  if (type === 'practical_guide' && choosing) return DOMAIN_MOVES.recommendation_sharing;
  return DOMAIN_MOVES[type];
}

/** Types whose own plan an industry pack is written for: such a pack answers any of their requests. */
const OWN_PLAN_TYPES: ReadonlySet<ArticleType> = new Set(['industry_analysis', 'analysis_commentary_opinion']);

export function domainFacets(pack: DomainPack | undefined, type: ArticleType, parsed: Pick<ParsedTopic, 'intent' | 'action' | 'question'>): Facet[] | undefined {
  const plan = fromPlan(type);
  const ownPlan = OWN_PLAN_TYPES.has(type) && Boolean(pack?.facets.some((facet) => plan.some((move) => move.key === facet.move)));
  const moves = ownPlan ? plan : movesFor(type, parsed);
  const answerable = ownPlan ? undefined : ANSWERABLE[type];
  if (!pack || !moves || (answerable && !answerable.has(parsed.intent))) return undefined;
  const own: Facet[] = [];
  for (const move of moves) {
    const ofMove = pack.facets.filter((facet) => facet.move === move.key);
    for (const [k, facet] of ofMove.entries()) own.push(asFacet(facet, move.priority + 10 * k));
  }
  if (own.length === 0) return undefined;
  const borrowed = (ownPlan ? [] : (BORROWED[moves === DOMAIN_MOVES[type] ? type : 'recommendation_sharing'] ?? [])).flatMap((move) => pack.facets.filter((facet) => facet.move === move)).map((facet, k) => asFacet(facet, 50 + k));
  // The last move (检查清单, 怎么选) closes the body, so borrowed facets go before it.
  const lastKey = moves[moves.length - 1]!.key;
  const closing = own.filter((facet) => facet.move === lastKey);
  return [...own.filter((facet) => facet.move !== lastKey), ...borrowed, ...closing];
}
