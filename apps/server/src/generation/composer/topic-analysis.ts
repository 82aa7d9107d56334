import type { ArticleBrief, Material, TopicAnalysis } from '../agents/types.js';
import { contextOf, rngFor, say } from './compose-context.js';
import { materialTitle } from './material-quotes.js';
import { chooseFacets } from './phrasebook.js';

/**
 * The analysis from the brief alone: the type's angle, needs of the audience, the questions the
 * type's facets answer (so the outline can head its sections with them) and search queries.
 */
export function analyzeTopicOffline(brief: ArticleBrief, materials: Material[]): TopicAnalysis {
  const ctx = contextOf(brief);
  const rng = rngFor(ctx, 'analysis');
  const { shape, terms, slots } = ctx;

  // NOTE: a need is a clause a frame completes (如果你是…，大概也…), so it names no reader of its own.
  // Only the type's needs: a need added to every article (想知道{term}能带来什么实际的改变) was the
  // same sentence in unrelated articles.
  const needs = rng.sample(shape.needs, rng.range(3, 4)).map((need) => say(ctx, need));

  const questionCount = rng.range(3, 5);
  const facets = chooseFacets(ctx.facets, questionCount);
  const keyQuestions = facets.map((facet) => say(ctx, facet.question));
  const titled = materials.find((material) => materialTitle(material) !== '参考资料');
  if (titled && keyQuestions.length < 5) {
    keyQuestions.push(say(ctx, '《{title}》里的经验，对{audience}是否适用？', { title: materialTitle(titled) }));
  }

  const industry = slots.field === '这个领域' ? '' : brief.industry.trim();
  const queries = [
    // A question searches best as asked; an instruction by its subject, never by its own words.
    ctx.parsed.question ?? terms.topic,
    `${terms.main} ${shape.queryWords[0]}`,
    [terms.main, industry, shape.queryWords[1]].filter(Boolean).join(' '),
  ];
  if (titled) queries.push(`${terms.main} ${materialTitle(titled)}`);
  else if (terms.terms[1]) queries.push(`${terms.terms[1]} ${brief.audience}`);
  const searchQueries = [...new Set(queries.map((query) => query.trim()).filter(Boolean))].slice(0, 4);

  return { angle: `${say(ctx, shape.angle)}。`, audienceNeeds: needs.slice(0, 5), keyQuestions, searchQueries };
}
