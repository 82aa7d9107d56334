import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Auth } from '../accounts/auth.js';
import type { SessionCaching } from '../accounts/sessions.js';
import { COIN_DELTA_MAX } from '@tianma/shared';
import type { EventBus } from '../generation/events.js';
import type { TaskQueue } from '../generation/task-runner.js';
import type { PaymentSetup } from '../billing/payment/registry.js';
import type { Config } from '../config/config-types.js';
import type { Db } from '../platform/db/index.js';
import type { LiveProviders } from '../providers/live-providers.js';
import { badRequest, notFound } from '../platform/errors.js';
import { listAudit } from './audit.js';
import { createOperatorGuard } from './operator-guard.js';
import { registerAdminOrderRoutes } from './orders-routes.js';
import { registerAdminProviderRoutes } from './providers-routes.js';
import { listFeedback, listSharedArticles, pickShowcase, setArticleHidden, showcaseSlots } from './content-admin.js';
import { dashboard, statsRange } from './stats.js';
import { cancelTask, listTasks, retryTask, type TaskFilter, workByKind } from './tasks-admin.js';
import { adjustUserCoins, endUserSessions, searchUsers, setUserLocked } from './users-admin.js';
import { registerAdminUserDetailRoutes } from './user-routes.js';
import { pageOf, parseBody, userIdOf } from './request-input.js';

export interface AdminRouteDeps {
  db: Db;
  auth: Auth;
  caching?: SessionCaching;
  queue: TaskQueue;
  bus: EventBus;
  /** Orders and refunds (orders-routes.ts): the payment setup in use; the app's (`app.payment`) when absent. */
  payment?: PaymentSetup;
  logger?: Logger;
  /** Providers without a restart (providers-routes.ts): the configuration and the live providers. */
  providers?: { config: Config; live: LiveProviders };
}

const reason = z.string({ error: '请填写操作原因' }).trim().min(2, '请填写操作原因（至少2个字）').max(500, '操作原因不能超过500字');
const confirmSchema = z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长') });
const coinsSchema = z.object({
  delta: z
    .number({ error: '调整数量必须是整数' })
    .int('调整数量必须是整数')
    .refine((n) => n !== 0, '调整数量不能为0')
    .refine((n) => Math.abs(n) <= COIN_DELTA_MAX, `单次调整不能超过${COIN_DELTA_MAX}币`),
  reason,
  requestId: z.string().uuid('requestId 格式有误').optional(),
});
const lockSchema = z.object({ locked: z.boolean({ error: '请指定锁定或解锁' }), reason });
const endSessionsSchema = z.object({ reason });
const taskActionSchema = z.object({ reason: reason.optional() });
const TASK_FILTERS: readonly TaskFilter[] = ['failed', 'running', 'stuck'];
const showcaseSchema = z.object({ articleId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '文章ID格式无效').nullable(), reason });
const hideSchema = z.object({ hidden: z.boolean({ error: '请指定隐藏或恢复' }), reason });

/**
 * The operator console's calls (API.md "Beyond the spec", /api/admin; issue 21). Every one checks
 * the role on the server; every state-changing one wants the password confirmed within 15 minutes.
 */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const guard = createOperatorGuard(deps.db, deps.auth);
  const operatorOf = (current: { user: { id: number; username: string } }) => ({ id: current.user.id, name: current.user.username });

  app.post('/api/admin/confirm', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request, reply) => {
    const current = await guard.requireOperator(request, reply);
    const { password } = parseBody(confirmSchema, request.body);
    const until = await guard.confirm(current, password);
    return { success: true, confirmedUntil: until.toISOString() };
  });

  // Who the console is talking to, and until when their password confirmation holds (null: none).
  app.get('/api/admin/session', async (request, reply) => {
    const current = await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    const until = await guard.confirmedUntil(current);
    return { success: true, data: { username: current.user.username, confirmedUntil: until?.toISOString() ?? null } };
  });

  app.get<{ Querystring: { page?: string } }>('/api/admin/audit', async (request, reply) => {
    await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await listAudit(deps.db, pageOf(request.query.page))) };
  });

  app.get<{ Querystring: { q?: string; page?: string } }>('/api/admin/users', async (request, reply) => {
    await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    const q = typeof request.query.q === 'string' ? request.query.q : '';
    if (q.length > 100) throw badRequest('搜索内容不能超过100字');
    return { success: true, ...(await searchUsers(deps.db, q, pageOf(request.query.page))) };
  });

  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/coins', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(coinsSchema, request.body);
    const result = await adjustUserCoins(deps.db, operatorOf(current), { userId: userIdOf(request.params.userId), ...body });
    return { success: true, data: { coinBalance: result.coinBalance } };
  });

  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/lock', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(lockSchema, request.body);
    await setUserLocked(deps.db, deps.caching, operatorOf(current), { userId: userIdOf(request.params.userId), ...body });
    return { success: true };
  });

  app.post<{ Params: { userId: string } }>('/api/admin/users/:userId/sessions/end', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(endSessionsSchema, request.body);
    await endUserSessions(deps.db, deps.caching, operatorOf(current), { userId: userIdOf(request.params.userId), ...body });
    return { success: true };
  });

  app.get<{ Querystring: { status?: string; page?: string } }>('/api/admin/tasks', async (request, reply) => {
    await guard.requireOperator(request, reply);
    const status = (request.query.status ?? 'failed') as TaskFilter;
    if (!TASK_FILTERS.includes(status)) throw badRequest('status 只能是 failed、running 或 stuck');
    reply.header('Cache-Control', 'no-store');
    // The queue's depth says whether workers keep up; an unreachable queue is shown, not fatal.
    const depth = await deps.queue.depth().catch(() => null);
    const [list, byKind] = await Promise.all([listTasks(deps.db, status, pageOf(request.query.page)), workByKind(deps.db)]);
    return { success: true, ...list, queue: { depth, byKind } };
  });

  app.post<{ Params: { taskId: string } }>('/api/admin/tasks/:taskId/retry', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(taskActionSchema, request.body);
    const retried = await retryTask(deps, operatorOf(current), request.params.taskId, body.reason ?? '运营重试失败任务');
    return { success: true, data: retried };
  });

  app.post<{ Params: { taskId: string } }>('/api/admin/tasks/:taskId/cancel', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(taskActionSchema, request.body);
    await cancelTask(deps, operatorOf(current), request.params.taskId, body.reason ?? '运营取消任务');
    return { success: true };
  });

  // Content (issue 21, point 7): shared articles, the home page's four case slots, hiding, feedback.
  app.get<{ Querystring: { q?: string; page?: string } }>('/api/admin/articles', async (request, reply) => {
    await guard.requireOperator(request, reply);
    const q = typeof request.query.q === 'string' ? request.query.q : '';
    if (q.length > 100) throw badRequest('搜索内容不能超过100字');
    reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await listSharedArticles(deps.db, q, pageOf(request.query.page))) };
  });

  app.get('/api/admin/showcase', async (request, reply) => {
    await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await showcaseSlots(deps.db) };
  });

  app.put<{ Params: { slot: string } }>('/api/admin/showcase/:slot', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(showcaseSchema, request.body);
    await pickShowcase(deps.db, operatorOf(current), { slot: request.params.slot, ...body });
    return { success: true, data: await showcaseSlots(deps.db) };
  });

  app.post<{ Params: { articleId: string } }>('/api/admin/articles/:articleId/hide', async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const body = parseBody(hideSchema, request.body);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(request.params.articleId)) throw notFound('未找到该文章');
    await setArticleHidden(deps.db, operatorOf(current), { articleId: request.params.articleId, ...body });
    return { success: true };
  });

  app.get<{ Querystring: { type?: string; page?: string } }>('/api/admin/feedback', async (request, reply) => {
    await guard.requireOperator(request, reply);
    const { type } = request.query;
    if (type !== undefined && type !== '' && type !== 'like' && type !== 'dislike') throw badRequest('type 只能是 like 或 dislike');
    reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await listFeedback(deps.db, type === 'like' || type === 'dislike' ? type : null, pageOf(request.query.page))) };
  });

  // The dashboard (issue 21, point 2): per-day figures, and the range's model usage and feedback breakdowns.
  app.get<{ Querystring: { from?: string; to?: string } }>('/api/admin/stats', async (request, reply) => {
    await guard.requireOperator(request, reply);
    const range = statsRange(request.query.from, request.query.to);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await dashboard(deps.db, range) };
  });

  registerAdminOrderRoutes(app, { db: deps.db, auth: deps.auth, payment: deps.payment, logger: deps.logger });
  if (deps.providers) registerAdminProviderRoutes(app, { db: deps.db, auth: deps.auth, config: deps.providers.config, providers: deps.providers.live, queue: deps.queue, logger: app.log });
  registerAdminUserDetailRoutes(app, { db: deps.db, auth: deps.auth });
}
