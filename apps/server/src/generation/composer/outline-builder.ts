import type { ArticleBrief, Material, Outline, OutlineSection, StyleProfile, TopicAnalysis } from '../agents/types.js';
import { titleFor } from '../../topic/topic-titles.js';
import { type ComposeContext, contextOf, rngFor, say, stripEnd } from './compose-context.js';
import { CHINESE_NUMERALS, chooseFacets } from './phrasebook.js';
import type { SeededRandom } from '../../platform/seeded-random.js';
import { verdictsOf } from './comparison.js';

const MIN_BUDGET = 30;

/** 4–7 sections: an introduction, 2–5 bodies and a conclusion. */
export function sectionCount(length: number): number {
  if (length <= 600) return 4;
  if (length <= 1500) return 5;
  if (length <= 3500) return 6;
  return 7;
}

/** Budgets that add up to exactly `length`: a short introduction and conclusion, bodies alike. */
export function splitBudgets(length: number, count: number, rng: SeededRandom): number[] {
  // NOTE: short articles get a little more for the edges: a sentence is 15–30 characters, and an
  // introduction of 40 cannot be fitted closely.
  const intro = Math.max(MIN_BUDGET, Math.min(50, Math.round(length / 6)), Math.round(Math.min(0.14 * length, 120 + 0.06 * length)));
  const outro = Math.max(MIN_BUDGET, Math.min(45, Math.round(length / 7)), Math.round(Math.min(0.12 * length, 100 + 0.05 * length)));
  const rest = Math.max(MIN_BUDGET * (count - 2), length - intro - outro);
  const weights = Array.from({ length: count - 2 }, () => 0.9 + rng.next() * 0.2);
  const sum = weights.reduce((a, b) => a + b, 0);
  const bodies = weights.map((weight) => Math.max(MIN_BUDGET, Math.round((rest * weight) / sum)));
  const budgets = [intro, ...bodies, outro];
  const longest = budgets.indexOf(Math.max(...budgets));
  budgets[longest] = budgets[longest]! + length - budgets.reduce((a, b) => a + b, 0);
  return budgets;
}

/** The title from the parsed request's parts, with frames that fit its form (decision 046). */
export function makeTitle(ctx: ComposeContext): string {
  return titleFor(ctx.parsed, ctx.brief.platform, ctx.seed);
}

function unique(heading: string, taken: Set<string>, alternatives: string[]): string {
  for (const candidate of [heading, ...alternatives]) {
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
  let n = 2;
  while (taken.has(`${heading}（${n}）`)) n += 1;
  taken.add(`${heading}（${n}）`);
  return `${heading}（${n}）`;
}

export function buildOutline(input: { brief: ArticleBrief; analysis: TopicAnalysis; materials: Material[]; style?: StyleProfile }): Outline {
  const ctx = contextOf(input.brief);
  const rng = rngFor(ctx, 'outline');
  const { analysis } = input;
  const count = sectionCount(input.brief.length);
  const budgets = splitBudgets(input.brief.length, count, rng);
  const facets = chooseFacets(ctx.facets, count - 2);
  const taken = new Set<string>();
  const verdict = say(ctx, rng.pick(verdictsOf(ctx)));

  const introChoices = (ctx.platform.introHeadings.length > 0 ? ctx.platform.introHeadings : ctx.shape.introHeadings).map((h) => say(ctx, h));
  const sections: OutlineSection[] = [
    {
      heading: unique(rng.pick(introChoices), taken, introChoices),
      keyPoints: [stripEnd(analysis.angle) || verdict, ...analysis.audienceNeeds.slice(0, 2).map(stripEnd)].filter(Boolean),
      budget: budgets[0]!,
      role: 'introduction',
    },
  ];
  const zhihuQuestions = ctx.brief.platform === 'zhihu' && ctx.shape.zhihuQuestionHeadings;
  // An analysis of this composer asks the facets' questions; another one's are taken in order.
  const facetQuestions = ctx.facets.map((facet) => say(ctx, facet.question));
  const ours = analysis.keyQuestions.some((question) => facetQuestions.includes(question));
  for (const [j, facet] of facets.entries()) {
    const facetQuestion = say(ctx, facet.question);
    const question = ours ? facetQuestion : (analysis.keyQuestions[j] ?? facetQuestion);
    const variants = facet.headings.map((h) => say(ctx, h, { n: CHINESE_NUMERALS[j]! }));
    const heading = zhihuQuestions ? question : rng.pick(variants);
    const pointCount = budgets[j + 1]! < 200 ? 2 : 3;
    sections.push({
      heading: unique(heading, taken, variants),
      keyPoints: [question, ...rng.sample(facet.points, pointCount).map((point) => say(ctx, point))],
      budget: budgets[j + 1]!,
      role: 'body',
    });
  }
  const outroChoices = (ctx.platform.conclusionHeadings.length > 0 ? ctx.platform.conclusionHeadings : ctx.shape.conclusionHeadings).map((h) => say(ctx, h));
  sections.push({
    heading: unique(rng.pick(outroChoices), taken, outroChoices),
    keyPoints: [verdict, say(ctx, rng.pick(ctx.shape.conclusionLines)).replace(/。$/u, '')],
    budget: budgets[count - 1]!,
    role: 'conclusion',
  });
  return { title: makeTitle(ctx), sections };
}
