import { type RepurposeQuote, repurposeCostCoins, repurposeRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import type { TaskQueue } from '../generation/task-runner.js';
import type { Db } from '../platform/db/index.js';
import { startRepurpose } from './start-repurpose.js';

export interface RepurposeRouteDeps {
  db: Db;
  auth: Auth;
  queue: TaskQueue;
  /** The configured price of an article (GENERATION_COST_COINS); a repurpose costs a share of it. */
  costCoins: number;
}

const statusShape = { config: { errorShape: 'status' as const } };

/**
 * 一稿多发 (API.md; decision 075): start a repurpose of one of the user's articles, answered as
 * generate is and tracked on the same stream and status endpoints; and its price before the click.
 */
export function registerRepurposeRoutes(app: FastifyInstance, deps: RepurposeRouteDeps): void {
  const { db, auth } = deps;

  app.post<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/repurpose', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = repurposeRequestSchema.parse(request.body ?? {});
    const task = await startRepurpose(db, current.user, { articleId: request.params.articleId, platform: body.platform, articleCostCoins: deps.costCoins });
    await deps.queue.enqueue(task.taskId);
    return { status: 'success', code: 0, message: '转换任务已开始', error: null, task_id: task.taskId, article_id: task.articleId };
  });

  app.get('/api/v1/articles/repurpose/quote', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    reply.header('Cache-Control', 'no-store');
    const coins = repurposeCostCoins(deps.costCoins);
    const balance = current.user.coinBalance;
    const data: RepurposeQuote = { coins, balance, enough: balance >= coins };
    return { success: true, data };
  });
}
