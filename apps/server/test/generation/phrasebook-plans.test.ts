import type { ArticleType } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import { fillTemplate, shapeOf } from '../../src/generation/composer/phrasebook.js';
import type { Facet, TypeShape } from '../../src/generation/composer/type-shape.js';
import { DISCOURSE_PLANS, planMoves } from '../../src/generation/plans/discourse-plans.js';
import { countStockPhrases } from '../../src/generation/style/stock-phrases.js';

/** The slots compose-context.ts fills, plus {n} of a heading. */
const SLOTS = {
  topic: '周末在家做一顿像样的早餐',
  term: '早餐',
  term2: '周末',
  audience: '上班族',
  field: '生活领域',
  typeLabel: '实用攻略',
  platformLabel: '微信公众号',
  styleLabel: '专业严谨',
  n: '二',
};

const TYPES = Object.keys(DISCOURSE_PLANS) as ArticleType[];

/** Every template string of a shape, wherever it sits. */
function templatesOf(shape: TypeShape): string[] {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(shape);
  return out;
}

/** The facets of `count` body sections: the most important ones by priority, in the listed order. */
function kept(facets: readonly Facet[], count: number): Facet[] {
  const chosen = [...facets].sort((a, b) => a.priority - b.priority).slice(0, count);
  return facets.filter((facet) => chosen.includes(facet));
}

const hasTerm = (text: string) => text.includes('{term}') || text.includes('{term2}');

describe.each(TYPES)('the facets of %s follow its discourse plan', (type) => {
  const shape = shapeOf(type);
  const plan = DISCOURSE_PLANS[type];
  const moveKeys = plan.map((move) => move.key);

  it('covers every move, in the plan order, with five facets', () => {
    expect(shape.facets.length).toBeGreaterThanOrEqual(5);
    expect(shape.facets.length).toBeLessThanOrEqual(5);
    for (const facet of shape.facets) expect(moveKeys).toContain(facet.move);
    for (const key of moveKeys) expect(shape.facets.some((facet) => facet.move === key)).toBe(true);
    const order = shape.facets.map((facet) => moveKeys.indexOf(facet.move));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("gives each move's main facet the plan's priority and a second facet a later one", () => {
    const highest = Math.max(...plan.map((move) => move.priority));
    const priorities = shape.facets.map((facet) => facet.priority);
    expect(new Set(priorities).size).toBe(priorities.length);
    for (const move of plan) {
      const [main, ...more] = shape.facets.filter((facet) => facet.move === move.key).sort((a, b) => a.priority - b.priority);
      expect(main!.priority).toBe(move.priority);
      for (const extra of more) expect(extra.priority).toBeGreaterThan(highest);
    }
  });

  it('chooses facets that make the moves the plan keeps', () => {
    for (let count = 2; count <= 5; count += 1) {
      const moves = [...new Set(kept(shape.facets, count).map((facet) => facet.move))];
      expect(moves).toEqual(planMoves(type, Math.min(count, plan.length)).map((move) => move.key));
    }
  });

  it('names facets in two to four characters, each once', () => {
    const keys = shape.facets.map((facet) => facet.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^\p{Script=Han}{2,4}$/u);
  });

  it('has a {term} slot in every heading and question, and wide banks', () => {
    for (const facet of shape.facets) {
      expect(hasTerm(facet.question), facet.question).toBe(true);
      expect(facet.question).toMatch(/？$/u);
      for (const heading of facet.headings) expect(hasTerm(heading), heading).toBe(true);
      expect(new Set(facet.headings).size).toBeGreaterThanOrEqual(3);
      expect(new Set(facet.points).size).toBeGreaterThanOrEqual(4);
      expect(new Set(facet.details).size).toBeGreaterThanOrEqual(8);
      for (const point of facet.points) expect(point, point).not.toMatch(/[。！？!?；;，,、\s]$/u);
      for (const detail of facet.details) expect(detail, detail).toMatch(/[。？！]$/u);
    }
  });

  it('fills every template with the known slots and uses no stock phrase', () => {
    for (const template of templatesOf(shape)) {
      const filled = fillTemplate(template, SLOTS);
      expect(filled).not.toMatch(/[{}]/u);
      const hits = countStockPhrases(filled).hits.map((hit) => hit.phrase);
      expect(hits, filled).toEqual([]);
    }
    // The chains (首先…其次) and frames span sentences: the facets read together must be clean too.
    for (const facet of shape.facets) {
      const text = [facet.question, ...facet.headings, ...facet.points.map((p) => `${p}。`), ...facet.details].map((t) => fillTemplate(t, SLOTS)).join('');
      expect(countStockPhrases(text).hits.map((hit) => hit.phrase), facet.key).toEqual([]);
    }
  });

  it('shares no sentence between its facets', () => {
    const lines = shape.facets.flatMap((facet) => [facet.question, ...facet.headings, ...facet.points, ...facet.details]);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
