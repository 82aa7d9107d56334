import { generateRequestSchema, quoteRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import { type Auth, assertSameUser } from '../accounts/auth.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import { renderMarkdown } from '../articles/render-html.js';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { parseThemeParam } from '../publish/themes/theme-routes.js';
import { createTask } from './create-task.js';
import type { EventBus } from './events.js';
import { EventLogReader } from './event-log-reader.js';
import { failTask } from './fail-task.js';
import { writtenSections } from './section-stream.js';
import { findOwnTask } from './find-task.js';
import { quoteTask } from './quote.js';
import { isFinalTask, streamTask } from './stream.js';
import type { TaskQueue } from './task-runner.js';

export interface GenerationRouteDeps {
  db: Db;
  auth: Auth;
  bus: EventBus;
  queue: TaskQueue;
  costCoins: number;
  /** What the creation page's status badge says: who writes (a model or the offline composer), and whether web search is on. */
  system: () => { writer: 'model' | 'offline'; webSearch: boolean };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const statusShape = { config: { errorShape: 'status' as const } };

export function registerGenerationRoutes(app: FastifyInstance, deps: GenerationRouteDeps): void {
  const { db, auth } = deps;
  const streams = { db, bus: deps.bus, log: new EventLogReader(db) };

  /** The signed-in user's own task, or 404 (another user's task does not exist for them). */
  const ownTask = async (userId: number, taskId: string) => {
    const task = await findOwnTask(db, userId, taskId);
    if (!task) throw new AppError('NOT_FOUND', '任务不存在');
    return task;
  };

  app.get('/api/v1/system/status', async () => ({ success: true, data: { ready: true, ...deps.system() } }));

  app.post('/api/v1/articles/generate', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = generateRequestSchema.parse(request.body);
    assertSameUser(current, body.deepspaceId);
    const task = await createTask(db, current.user, body, deps.costCoins);
    await deps.queue.enqueue(task.taskId);
    return { status: 'success', code: 0, message: '创作任务已开始', error: null, task_id: task.taskId, article_id: task.articleId };
  });

  // The price of this article before the click (API.md, beyond the spec; decision 053).
  app.post('/api/v1/articles/quote', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const body = quoteRequestSchema.parse(request.body ?? {});
    assertSameUser(current, body.deepspaceId);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: await quoteTask(db, current.user, body, deps.costCoins) };
  });

  app.get<{ Params: { taskId: string } }>('/api/v1/articles/generate/stream/:taskId', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const task = await ownTask(current.user.id, request.params.taskId);
    await streamTask(streams, request, reply, task);
  });

  app.get<{ Params: { taskId: string } }>('/api/v1/articles/:taskId/status', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const task = await ownTask(current.user.id, request.params.taskId);
    reply.header('Cache-Control', 'no-store');
    // While it runs, the sections written so far ride beside the spec's details (API.md).
    const sections = task.status === 'running' ? await writtenSections(db, task.id) : [];
    const details = sections.length > 0 ? { ...(task.details as Record<string, unknown>), sections } : task.details;
    return { currentStep: task.currentStep, details, status: task.status, task_id: task.taskId, article_id: task.articleId, eventId: task.eventSeq };
  });

  app.post<{ Params: { taskId: string } }>('/api/v1/articles/:taskId/cancel', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const task = await ownTask(current.user.id, request.params.taskId);
    if (isFinalTask(task)) throw new AppError('CONFLICT', '任务已结束，无法取消');
    await failTask(deps, task, '任务已取消', 'cancelled');
    await deps.queue.cancel(task.taskId);
    return { status: 'success', code: 0, message: '任务已取消' };
  });

  app.get<{ Params: { id: string }; Querystring: { content_type?: string; theme?: string } }>('/api/v1/articles/articles/:id', statusShape, async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const { id } = request.params;
    const contentType = request.query.content_type ?? 'md';
    if (contentType !== 'md' && contentType !== 'html' && contentType !== 'wechat') throw new AppError('BAD_REQUEST', 'content_type 只能是 md、html 或 wechat');
    // The WeChat layout theme (API.md, beyond the spec; decision 072): missing means clean.
    // An unknown theme is refused before the article is read; none named means the article's own.
    if (contentType === 'wechat') parseThemeParam(request.query.theme);
    if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', '文章不存在');
    const article = await findOwnArticle(db, current.user.id, id);
    if (!article) throw new AppError('NOT_FOUND', '文章不存在');
    const theme = contentType === 'wechat' ? parseThemeParam(request.query.theme, article.wechatTheme) : null;
    reply.header('Cache-Control', 'no-store');
    return {
      code: 0,
      status: 'success',
      article_id: article.articleId,
      title: article.title,
      content: theme ? app.wechatLayout.render(article.content, theme) : contentType === 'html' ? renderMarkdown(article.content) : article.content,
      written_by: article.writtenBy,
      offline: article.writtenBy === 'offline',
      word_count: article.wordCount,
      created_at: article.createdAt.toISOString(),
      wechat_theme: article.wechatTheme ?? null,
      // 一稿多发: the platform and the source of a repurposed article (null for an original).
      repurposed_for: article.repurposedFor ?? null,
      source_article_id: article.sourceArticleId ?? null,
    };
  });
}
