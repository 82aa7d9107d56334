import type { RepurposePlatform } from '@tianma/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { LibraryRanker } from '../images/library-search.js';
import type { KnowledgeRetriever } from '../knowledge/retrieve.js';
import type { Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { ImagePort } from '../providers/images/image-port.js';
import type { LlmPort, LlmPurpose, TokenUsage } from '../providers/llm/llm-port.js';
import type { LlmPricing } from '../providers/llm/llm-usage.js';
import type { SearchPort } from '../providers/search/search-port.js';
import type { Agents, ArticleBrief } from './agents/types.js';
import type { StreamedSection } from './section-stream.js';
import type { EventBus } from './events.js';
import { generationStageOutputs, type GenerationTaskRow } from './tables.js';

/** What a task asked for, as stored on its row (`request`). */
export interface StoredRequest {
  brief: ArticleBrief;
  knowledge: { sessionId: string; documentIds: string[] } | null;
  reference: { url?: string; text?: string } | null;
  seo: { enabled: boolean; keywords: string[]; optimizePlatform: boolean; optimizeTitleAndContent: boolean } | null;
  /** 一稿多发 (decision 075): the owner's article this task turns into another platform's form; read when the task runs. */
  repurpose?: { sourceArticleId: string; platform: RepurposePlatform };
}

export type UsageListener = (purpose: LlmPurpose, usage: TokenUsage) => void;

export interface PipelineDeps {
  db: Db;
  bus: EventBus;
  /** The agents for one task; usage is reported per call so it can be kept per task and stage. */
  makeAgents: (onUsage: UsageListener) => Agents;
  /** The model's prices, when configured, to record each task's cost. */
  pricing?: LlmPricing;
  search: SearchPort | null;
  images: ImagePort;
  storage: ObjectStorage;
  logger: Logger;
  /** How many sections are researched or written at once. */
  sectionConcurrency: number;
  /** Search results whose pages stage 1 reads for their main text (SEARCH_READ_PAGES). */
  readPages: number;
  /** The users' image libraries, searched for a picture per section; null where tests leave it out. */
  library?: LibraryRanker | null;
  /** The users' temporary knowledge bases; null where tests leave it out. */
  knowledge: KnowledgeRetriever | null;
  /**
   * The configured model as a port, for work that is not the article pipeline (一稿多发 writes
   * with its own prompts); absent without a model. `name` is stored as the article's writer.
   */
  model?: { name: string; create: () => LlmPort } | null;
  /** How often a running task tells the database its worker is alive (default: recoveryTiming()). */
  heartbeatMs?: number;
}

export interface StageContext {
  deps: PipelineDeps;
  agents: Agents;
  task: GenerationTaskRow;
  request: StoredRequest;
  signal: AbortSignal;
  /** Outputs saved by an earlier run of this task (see savedOutput), taken out as they are used. */
  saved: Map<string, unknown>;
  /** Reports progress within the current step (message, current query). */
  report(details: { message?: string; current_query?: string; section?: StreamedSection }): Promise<void>;
}

/** The stage outputs the task saved in earlier runs (a retried or resumed task), by key. */
export async function loadSavedOutputs(db: Db, taskId: number): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: generationStageOutputs.key, output: generationStageOutputs.output })
    .from(generationStageOutputs)
    .where(eq(generationStageOutputs.taskId, taskId));
  return new Map(rows.map((row) => [row.key, row.output]));
}

/**
 * A stage output saved under `key`: computed once, then taken from `ctx.saved` when the task is
 * retried or resumed, so finished work (a section, an outline) is never redone or charged twice.
 * The outputs are read once when the task starts (loadSavedOutputs) rather than here, one query
 * a stage, and each is dropped from the map once used.
 */
export async function savedOutput<T>(ctx: Pick<StageContext, 'deps' | 'task' | 'saved'>, key: string, compute: () => Promise<T>): Promise<T> {
  if (ctx.saved.has(key)) {
    const output = ctx.saved.get(key) as T;
    ctx.saved.delete(key);
    return output;
  }
  const output = await compute();
  await ctx.deps.db.insert(generationStageOutputs).values({ taskId: ctx.task.id, key, output: output as object }).onConflictDoNothing();
  return output;
}

/**
 * Runs `work` over `items` with at most `limit` at a time, keeping the order of results. After the
 * first failure no new item starts (the task is failing; more sections would only spend tokens),
 * and the first error is what the caller sees once the items in flight have settled.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length && !failure) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
