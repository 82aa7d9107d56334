import { truncate } from '@tianma/shared';
import type { Material, Outline } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

/** Passages the topic as a whole draws on (analysis, outline), and each section on its own. */
const TOPIC_PASSAGES = 4;
const SECTION_PASSAGES = 3;
/** Passages retrieved per section, so that one already given to another section can be passed over. */
const SECTION_CANDIDATES = 8;
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
 * with the topic as the query) and puts them ahead of the web material matched to it. Sections
 * are served in order, and a passage an earlier section got goes to a later one only when the
 * retriever has nothing else for it: two sections do not digest the same passage.
 */
export async function researchSectionsWithKnowledge(ctx: StageContext, outline: Outline, webMatches: Material[][]): Promise<Material[][]> {
  const { knowledge } = ctx.request;
  const retriever = ctx.deps.knowledge;
  if (!knowledge || !retriever) return webMatches;
  const perSection: Material[][] = [];
  const given = new Set<string>();
  for (const [index, section] of outline.sections.entries()) {
    const query = `${section.heading} ${section.keyPoints.join(' ')} ${ctx.request.brief.topic}`;
    await ctx.report({ message: `正在为第 ${index + 1}/${outline.sections.length} 节检索知识库`, current_query: section.heading });
    const found = await retriever.search({ userId: ctx.task.userId, sessionId: knowledge.sessionId, documentIds: knowledge.documentIds, query, topK: SECTION_CANDIDATES });
    const passages = pickFresh(found, given, SECTION_PASSAGES);
    // Passages of the topic-wide search that the web matching gave this section follow the same rule.
    const web = (webMatches[index] ?? []).filter((material) => material.source !== 'knowledge');
    const topical = pickFresh(
      (webMatches[index] ?? []).filter((material) => material.source === 'knowledge'),
      given,
      Math.max(0, SECTION_PASSAGES - passages.length),
    );
    const byId = new Map([...passages, ...topical, ...web].map((material) => [material.id, material] as const));
    perSection.push([...byId.values()].slice(0, MAX_PER_SECTION));
  }
  return perSection;
}

/** Up to `count` of the ranked passages no section has yet (at least one, reused, when all were given); marks them given. */
export function pickFresh(ranked: Material[], given: Set<string>, count: number): Material[] {
  if (count <= 0) return [];
  let picked = ranked.filter((material) => !given.has(material.id)).slice(0, count);
  if (picked.length === 0) picked = ranked.slice(0, 1);
  for (const material of picked) given.add(material.id);
  return picked;
}
