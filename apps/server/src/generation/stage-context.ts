import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../platform/db/index.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import type { ImagePort } from '../providers/images/image-port.js';
import type { LlmPurpose, TokenUsage } from '../providers/llm/llm-port.js';
import type { LlmPricing } from '../providers/llm/llm-usage.js';
import type { SearchPort } from '../providers/search/search-port.js';
import type { Agents, ArticleBrief } from './agents/types.js';
import type { EventBus } from './events.js';
import { generationStageOutputs, type GenerationTaskRow } from './tables.js';

/** What a task asked for, as stored on its row (`request`). */
export interface StoredRequest {
  brief: ArticleBrief;
  knowledge: { sessionId: string; documentIds: string[] } | null;
  reference: { url?: string; text?: string } | null;
  seo: { enabled: boolean; keywords: string[]; optimizePlatform: boolean; optimizeTitleAndContent: boolean } | null;
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
}

export interface StageContext {
  deps: PipelineDeps;
  agents: Agents;
  task: GenerationTaskRow;
  request: StoredRequest;
  signal: AbortSignal;
  /** Reports progress within the current step (message, current query). */
  report(details: { message?: string; current_query?: string }): Promise<void>;
}

/**
 * A stage output saved under `key`: computed once, then read back when the task is retried or
 * resumed, so finished work (a section, an outline) is never redone or charged twice.
 */
export async function savedOutput<T>(ctx: Pick<StageContext, 'deps' | 'task'>, key: string, compute: () => Promise<T>): Promise<T> {
  const { db } = ctx.deps;
  const [saved] = await db
    .select({ output: generationStageOutputs.output })
    .from(generationStageOutputs)
    .where(and(eq(generationStageOutputs.taskId, ctx.task.id), eq(generationStageOutputs.key, key)));
  if (saved) return saved.output as T;
  const output = await compute();
  await db.insert(generationStageOutputs).values({ taskId: ctx.task.id, key, output: output as object }).onConflictDoNothing();
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
