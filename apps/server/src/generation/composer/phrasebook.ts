import type { ArticleType } from '@tianma/shared';
import { ANALYSIS_COMMENTARY_OPINION } from './phrasebook-commentary.js';
import { EXPERIENCE_STORY_ESSAY } from './phrasebook-essay.js';
import { INDUSTRY_ANALYSIS } from './phrasebook-industry.js';
import { PRACTICAL_GUIDE } from './phrasebook-practical-guide.js';
import { RECOMMENDATION_SHARING } from './phrasebook-recommendation.js';
import { TECH_INTERPRETATION } from './phrasebook-tech.js';

/**
 * The shape of an article type: the facets its body sections cover (实用攻略: steps; 种草安利:
 * 亮点/体验/适合谁; …) and its own phrases. Templates use {slot} placeholders (see fillTemplate).
 */
export interface Facet {
  key: string;
  /** Lower goes first when only a few body sections fit; the output keeps the listed order. */
  priority: number;
  headings: string[];
  /** The question the section answers (a key question of the analysis). */
  question: string;
  /** Claims a section makes, as clauses without final punctuation. */
  points: string[];
  /** Sentences that elaborate the facet. */
  details: string[];
}

export interface ExampleParts {
  starts: string[];
  turns: string[];
  ends: string[];
}

export interface TypeShape {
  facets: Facet[];
  angle: string;
  /** One-line verdicts: the "conclusion first" of a Zhihu answer. */
  verdicts: string[];
  needs: string[];
  queryWords: string[];
  introLines: string[];
  conclusionLines: string[];
  introHeadings: string[];
  conclusionHeadings: string[];
  /** The conclusion's word to the audience. */
  calls: string[];
  claims: string[];
  example: ExampleParts;
  titles: { wechat: string[]; zhihu: string[]; xhsHooks: string[] };
  tags: string[];
  visual: string;
  /** Zhihu headings are the facet questions, except where steps or scenes read better. */
  zhihuQuestionHeadings: boolean;
}

const SHAPES: Record<ArticleType, TypeShape> = {
  practical_guide: PRACTICAL_GUIDE,
  recommendation_sharing: RECOMMENDATION_SHARING,
  experience_story_essay: EXPERIENCE_STORY_ESSAY,
  analysis_commentary_opinion: ANALYSIS_COMMENTARY_OPINION,
  tech_interpretation: TECH_INTERPRETATION,
  industry_analysis: INDUSTRY_ANALYSIS,
};

export function shapeOf(type: ArticleType): TypeShape {
  return SHAPES[type];
}

/** The facets of the body sections: the `count` most important ones, in their natural order. */
export function chooseFacets(type: ArticleType, count: number): Facet[] {
  const facets = shapeOf(type).facets;
  const chosen = [...facets].sort((a, b) => a.priority - b.priority).slice(0, Math.max(0, count));
  return facets.filter((facet) => chosen.includes(facet));
}

/** Replaces each {name} with its slot; an unknown slot is an error in a phrase bank, not in input. */
export function fillTemplate(template: string, slots: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`phrase slot {${name}} has no value`);
    return value;
  });
}

export const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
