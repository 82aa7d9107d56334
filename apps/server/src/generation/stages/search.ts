import { truncate } from '@tianma/shared';
import type { Material } from '../agents/types.js';
import type { StageContext } from '../stage-context.js';

const RESULTS_PER_QUERY = 6;

/** Queries from the topic alone: the analysis that refines them comes after the search. */
export function initialQueries(ctx: StageContext): string[] {
  const { brief } = ctx.request;
  const topic = truncate(brief.topic.replace(/\s+/g, ' '), 60, '');
  const queries = [topic];
  if (brief.industry && brief.industry !== 'unlimited' && brief.industry !== '不限') queries.push(`${topic} ${brief.industry}`);
  return queries;
}

/** Stage 1: web search (when a search provider is configured) for grounding material. */
export async function searchAndExtract(ctx: StageContext): Promise<Material[]> {
  const { search, logger } = ctx.deps;
  if (!search) {
    await ctx.report({ message: '未配置联网搜索，已跳过网络检索' });
    return [];
  }
  const seen = new Set<string>();
  const materials: Material[] = [];
  for (const query of initialQueries(ctx)) {
    await ctx.report({ message: '正在联网搜索', current_query: query });
    try {
      const results = await search.search(query, { limit: RESULTS_PER_QUERY, signal: ctx.signal });
      for (const result of results) {
        if (seen.has(result.url)) continue;
        seen.add(result.url);
        materials.push({ id: `web-${materials.length + 1}`, source: 'web', title: result.title, url: result.url, content: truncate(result.content, 800) });
      }
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      logger.warn({ err: error, provider: search.name }, 'web search failed; continuing without it');
      await ctx.report({ message: '联网搜索暂时不可用，已跳过' });
    }
  }
  return materials;
}
