import { countCjkLength, truncate } from '@tianma/shared';
import { type PageFetchOverrides, readPage } from '../../providers/http/read-page.js';
import type { Material } from '../agents/types.js';
import { mapWithConcurrency, type StageContext } from '../stage-context.js';

const RESULTS_PER_QUERY = 6;
/** A snippet this long already says enough; shorter ones are worth the page. */
const SNIPPET_ENOUGH = 300;
const PAGE_CHARS = 1500;

/** Queries from the topic alone: the analysis that refines them comes after the search. */
export function initialQueries(ctx: StageContext): string[] {
  const { brief } = ctx.request;
  const topic = truncate(brief.topic.replace(/\s+/g, ' '), 60, '');
  const queries = [topic];
  if (brief.industry && brief.industry !== 'unlimited' && brief.industry !== '不限') queries.push(`${topic} ${brief.industry}`);
  return queries;
}

/**
 * Stage 1: web search (when a search provider is configured) for grounding material, and the main
 * text of the first pages whose snippets are short, read through the SSRF guard with Readability.
 * A page that cannot be read keeps its snippet.
 */
export async function searchAndExtract(ctx: StageContext, overrides?: PageFetchOverrides): Promise<Material[]> {
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
      logger.warn({ err: error, provider: search.name, taskId: ctx.task.taskId }, 'web search failed; continuing without it');
      await ctx.report({ message: '联网搜索暂时不可用，已跳过' });
    }
  }
  await extractPages(ctx, materials, overrides);
  return materials;
}

async function extractPages(ctx: StageContext, materials: Material[], overrides?: PageFetchOverrides): Promise<void> {
  const limit = ctx.deps.readPages;
  const wanted = materials.filter((material) => material.url && countCjkLength(material.content) < SNIPPET_ENOUGH).slice(0, limit);
  if (wanted.length === 0) return;
  let read = 0;
  await mapWithConcurrency(wanted, limit, async (material) => {
    try {
      const page = await readPage(material.url!, { signal: ctx.signal, maxBytes: 2 * 1024 * 1024, timeoutMs: 8000, overrides });
      if (page && page.text.length > material.content.length) material.content = truncate(page.text, PAGE_CHARS);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.debug({ err: error, url: material.url, taskId: ctx.task.taskId }, 'a search result page could not be read; its snippet stays');
    }
    read += 1;
    await ctx.report({ message: `正在提取网页正文 ${read}/${wanted.length}`, current_query: material.title });
  });
}
