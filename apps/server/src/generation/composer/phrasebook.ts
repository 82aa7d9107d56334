import type { ArticleType } from '@tianma/shared';
import { ANALYSIS_COMMENTARY_OPINION } from './phrasebook-commentary.js';
import { EXPERIENCE_STORY_ESSAY } from './phrasebook-essay.js';
import { INDUSTRY_ANALYSIS } from './phrasebook-industry.js';
import { PRACTICAL_GUIDE } from './phrasebook-practical-guide.js';
import { RECOMMENDATION_SHARING } from './phrasebook-recommendation.js';
import { TECH_INTERPRETATION } from './phrasebook-tech.js';
import type { Facet, TypeShape } from './type-shape.js';

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
export function chooseFacets(facets: readonly Facet[], count: number): Facet[] {
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
