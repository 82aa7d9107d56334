import { truncate } from '@tianma/shared';
import type { Material, Outline } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

/** Passages the topic as a whole draws on (analysis, outline), and each section on its own. */
const TOPIC_PASSAGES = 4;
const SECTION_PASSAGES = 3;
const MAX_PER_SECTION = 5;

/**
 * Stage 1, knowledge half: the user's knowledge-base passages most relevant to the topic. A
 * session that expired or was never built is reported and skipped; the article goes on.
 */
export async function knowledgeForTopic(ctx: StageContext): Promise<Material[]> {
  const { knowledge } = ctx.request;
  const retriever = ctx.deps.knowledge;
  if (!knowledge || !retriever) return [];
  await ctx.report({ message: '正在检索知识库', current_query: truncate(ctx.request.brief.topic, 40) });
  const found = await retriever.search({
    userId: ctx.task.userId,
    sessionId: knowledge.sessionId,
    documentIds: knowledge.documentIds,
    query: ctx.request.brief.topic,
    topK: TOPIC_PASSAGES,
  });
  if (found.length === 0) await ctx.report({ message: '知识库未构建或已过期，已跳过知识库检索' });
  return found;
}

/**
 * Stage 5, knowledge half: each section retrieves its own passages (its heading and key points
 * with the topic as the query) and puts them ahead of the web material matched to it.
 */
export async function researchSectionsWithKnowledge(ctx: StageContext, outline: Outline, webMatches: Material[][]): Promise<Material[][]> {
  const { knowledge } = ctx.request;
  const retriever = ctx.deps.knowledge;
  if (!knowledge || !retriever) return webMatches;
  const perSection: Material[][] = [];
  for (const [index, section] of outline.sections.entries()) {
    const query = `${section.heading} ${section.keyPoints.join(' ')} ${ctx.request.brief.topic}`;
    await ctx.report({ message: `正在为第 ${index + 1}/${outline.sections.length} 节检索知识库`, current_query: section.heading });
    const passages = await retriever.search({ userId: ctx.task.userId, sessionId: knowledge.sessionId, documentIds: knowledge.documentIds, query, topK: SECTION_PASSAGES });
    const byId = new Map([...passages, ...(webMatches[index] ?? [])].map((material) => [material.id, material] as const));
    perSection.push([...byId.values()].slice(0, MAX_PER_SECTION));
  }
  return perSection;
}
