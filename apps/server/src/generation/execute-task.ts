import { and, eq } from 'drizzle-orm';
import { settleHoldInTx } from '../billing/coin-holds.js';
import { articles } from '../articles/tables.js';
import { recordVersion } from '../articles/versions.js';
import { recordGenerationFailure } from '../platform/observability/metrics.js';
import { LlmError } from '../providers/llm/llm-port.js';
import { failTask } from './fail-task.js';
import { type RepurposedArticle, RepurposeRefused, runRepurpose } from '../repurpose/run-repurpose.js';
import type { Agents } from './agents/types.js';
import { runPipeline, TaskCancelled } from './pipeline.js';
import type { FinalArticle } from './stages/assemble.js';
import { writeProgress } from './progress.js';
import type { PipelineDeps, StoredRequest } from './stage-context.js';
import { type GenerationTaskRow, generationTasks } from './tables.js';
import { ABORT_SHUTDOWN } from './task-runner.js';
import { recoveryTiming } from './sweep-tasks.js';
import { UsageTally } from './usage-tally.js';

/** The message a user sees when a task fails; internals stay in the log. */
export function userFacingError(error: unknown): string {
  if (error instanceof TaskCancelled) return '任务已取消';
  if (error instanceof RepurposeRefused) return error.message;
  if (error instanceof LlmError) {
    if (error.code === 'CONTENT_REFUSED') return error.message;
    if (error.code === 'RATE_LIMITED' || error.code === 'SERVER_ERROR' || error.code === 'TIMEOUT') return '模型服务繁忙，生成失败，请稍后重试';
  }
  return '生成过程出现错误，请稍后重试';
}

interface FinishedArticle {
  values: Omit<typeof articles.$inferInsert, 'articleId' | 'userId'> & { content: string };
  message: string;
}

/** A generated article as its row stores it. */
function generatedRow(article: FinalArticle, request: StoredRequest, agents: Agents, task: GenerationTaskRow): FinishedArticle {
  return {
    values: {
      title: article.title,
      summary: article.summary,
      content: article.markdown,
      imageUrl: article.coverUrl,
      platform: request.brief.platform,
      writtenBy: agents.writtenBy,
      wordCount: article.wordCount,
      metadata: {
        offline: agents.offline,
        brief: request.brief,
        references: article.references.map(({ title, url, source, position }) => ({ title, url, source, position })),
        taskId: task.taskId,
        stockPhrases: article.stockPhrases,
        style: article.style,
      },
    },
    message: '文章生成完成',
  };
}

/** A 一稿多发 article as its row stores it: linked to its source, for its platform. */
function repurposedRow(article: RepurposedArticle): FinishedArticle {
  return {
    values: {
      title: article.title,
      summary: article.summary,
      content: article.markdown,
      imageUrl: article.coverUrl,
      platform: article.platform,
      writtenBy: article.writtenBy,
      wordCount: article.wordCount,
      metadata: article.metadata,
      sourceArticleId: article.sourceArticleId,
      repurposedFor: article.repurposedFor,
    },
    message: article.message,
  };
}

/**
 * Runs one claimed task to its end: the pipeline, then — in one transaction — the article and
 * the task's final state, then the coin settlement and the final event. Failure or cancellation
 * releases the reserved coins. Every step is idempotent, so a task resumed after a crash ends the
 * same way.
 */
export async function executeTask(deps: PipelineDeps, task: GenerationTaskRow, signal: AbortSignal): Promise<void> {
  const { db, logger } = deps;
  const heartbeat = setInterval(() => {
    void db.update(generationTasks).set({ heartbeatAt: new Date() }).where(eq(generationTasks.id, task.id)).catch(() => undefined);
  }, deps.heartbeatMs ?? recoveryTiming().heartbeatMs);
  heartbeat.unref();
  const usage = new UsageTally(deps.pricing);
  const agents = deps.makeAgents((purpose, tokens) => usage.add(purpose, tokens));
  try {
    const request = task.request as StoredRequest;
    // 一稿多发 runs its own stages (repurpose/); the article it writes is stored the same way.
    const finished = request.repurpose
      ? repurposedRow(await runRepurpose(deps, task, (purpose, tokens) => usage.add(purpose, tokens), signal))
      : generatedRow(await runPipeline(deps, agents, task, signal), request, agents, task);
    // The article, the final state, the settlement and the final event commit together: a
    // reader never sees a finished task without its final event, nor coins left held.
    const finalEvent = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(generationTasks)
        .set({ status: 'completed', usage: usage.toJSON(), finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(generationTasks.id, task.id), eq(generationTasks.status, 'running')))
        .returning({ id: generationTasks.id });
      if (!row) return null; // cancelled or failed meanwhile; that path released the coins
      const [inserted] = await tx
        .insert(articles)
        .values({
          ...finished.values,
          articleId: task.articleId,
          userId: task.userId,
          // Anyone with the (unguessable) link may read it, as with a shared document; the owner can turn that off.
          isPublic: true,
        })
        .onConflictDoNothing({ target: articles.articleId })
        .returning({ id: articles.id, userId: articles.userId });
      // The generated text is the article's first version (a retried task inserts nothing twice).
      if (inserted) await recordVersion(tx, inserted, { source: 'generate', content: finished.values.content });
      await settleHoldInTx(tx, task.taskId, task.holdCoins);
      return writeProgress(
        tx,
        task,
        { currentStep: 'completed', details: { progress: 100, article_id: task.articleId, message: finished.message, step_label: '完成' } },
        { final: true },
      );
    });
    if (finalEvent) await deps.bus.publish(task.taskId, finalEvent);
  } catch (error) {
    if (signal.aborted && signal.reason === ABORT_SHUTDOWN) {
      // This process is stopping: hand the task back; another worker resumes it from its saved stages.
      await db
        .update(generationTasks)
        .set({ status: 'queued', workerId: null, updatedAt: new Date() })
        .where(and(eq(generationTasks.id, task.id), eq(generationTasks.status, 'running')));
      return;
    }
    const cancelled = error instanceof TaskCancelled || signal.aborted;
    const message = cancelled ? '任务已取消' : userFacingError(error);
    if (!cancelled) {
      logger.error({ err: error, taskId: task.taskId }, 'generation failed');
      recordGenerationFailure(error instanceof LlmError ? error.code : 'internal');
    }
    await failTask(deps, task, message, cancelled ? 'cancelled' : 'error');
    await db.update(generationTasks).set({ usage: usage.toJSON() }).where(eq(generationTasks.id, task.id));
  } finally {
    clearInterval(heartbeat);
  }
}
