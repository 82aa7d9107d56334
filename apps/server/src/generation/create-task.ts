import { randomBytes } from 'node:crypto';
import {
  advancedSettingsSchema,
  BUSINESS_LIMIT_CODE,
  FREE_ARTICLE_MAX_CHARS,
  type GenerateRequest,
  guidedSettingsSchema,
  INDUSTRIES,
  labelOf,
  AUDIENCES,
  resolveCustom,
} from '@tianma/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { holdCoinsInTx } from '../billing/coin-holds.js';
import { isProRow, requirePro } from '../accounts/pro-gate.js';
import type { UserRow } from '../accounts/tables.js';
import type { Db } from '../platform/db/index.js';
import { useLiveSession } from '../knowledge/sessions.js';
import { AppError, badRequest } from '../platform/errors.js';
import type { ArticleBrief } from './agents/types.js';
import type { StoredRequest } from './stage-context.js';
import { type GenerationTaskRow, generationTasks } from './tables.js';

export const MAX_RUNNING_TASKS = 2;
/** Reserved coins stay held this long at most; the sweeper ends tasks long before. */
const HOLD_TTL_MS = 2 * 3600 * 1000;

/** A business limit of the spec: status 'error', code 1006, and a message with its keyword. */
export function businessLimit(message: string, status: 402 | 403 | 429): AppError {
  const code = status === 402 ? 'BAD_REQUEST' : status === 403 ? 'FORBIDDEN' : 'RATE_LIMITED';
  return new AppError(code, message, { status, details: { code: BUSINESS_LIMIT_CODE } });
}

const publicId = () => randomBytes(12).toString('hex');

function parseSettings<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '创作设置有误');
  return parsed.data;
}

function audienceWords(choice: string, custom: string | undefined): string {
  const resolved = resolveCustom(choice, custom);
  if (resolved === null) throw badRequest('请填写自定义目标受众');
  return labelOf(AUDIENCES, resolved) ?? resolved;
}

/** Validates the settings of either mode and turns them into the brief every agent reads. */
export function normaliseRequest(body: GenerateRequest): StoredRequest {
  if (!body.advanced_mode) {
    const settings = parseSettings(guidedSettingsSchema, body.settings);
    return {
      brief: {
        topic: body.topic,
        audience: audienceWords(settings.audience, settings.customAudience),
        articleType: settings.type,
        style: settings.style,
        platform: settings.platform,
        length: settings.length,
        industry: '不限',
        language: 'zh-CN',
        advanced: false,
        seoKeywords: [],
      },
      knowledge: null,
      reference: null,
      seo: null,
    };
  }
  const settings = parseSettings(advancedSettingsSchema, body.settings);
  const industry = resolveCustom(settings.industry, settings.customIndustry);
  if (industry === null) throw badRequest('请填写自定义行业领域');
  const brief: ArticleBrief = {
    topic: body.topic,
    audience: audienceWords(settings.audience, settings.customAudience),
    articleType: settings.type,
    style: settings.style,
    platform: settings.platform,
    length: settings.length,
    industry: labelOf(INDUSTRIES, industry) ?? industry,
    language: 'zh-CN',
    advanced: true,
    seoKeywords: settings.enableSeo ? settings.seoKeywords : [],
  };
  return {
    brief,
    knowledge:
      settings.useKnowledgeBase && settings.tempKnowledgeBaseId
        ? { sessionId: settings.tempKnowledgeBaseId, documentIds: settings.knowledgeDocumentIds }
        : null,
    reference:
      settings.useReferenceDoc && (settings.referenceText || settings.referenceUrl)
        ? { text: settings.referenceText ?? undefined, url: settings.referenceUrl ?? undefined }
        : null,
    seo: settings.enableSeo
      ? {
          enabled: true,
          keywords: settings.seoKeywords,
          optimizePlatform: settings.seoOptions.optimizePlatform,
          optimizeTitleAndContent: settings.seoOptions.optimizeTitleAndContent,
        }
      : null,
  };
}

/**
 * The limits of the user's plan that the settings alone decide (Pro for advanced mode, the free
 * plan's length): the same for generate and for the quote (decision 053).
 */
export function assertPlanAllows(user: UserRow, request: StoredRequest): void {
  if (request.brief.advanced) requirePro(user, '高级创作模式');
  if (!isProRow(user) && request.brief.length > FREE_ARTICLE_MAX_CHARS) throw businessLimit(`权限不足：免费版单篇文章最多${FREE_ARTICLE_MAX_CHARS}字，请升级到高级版`, 403);
}

/**
 * Starts a task: the business limits (Pro for advanced mode, two running tasks, enough coins) and,
 * in one transaction, the coin reservation and the task row.
 */
export async function createTask(db: Db, user: UserRow, body: GenerateRequest, costCoins: number): Promise<GenerationTaskRow> {
  const request = normaliseRequest(body);
  assertPlanAllows(user, request);
  // An expired or foreign knowledge base is refused before any coin is held (404 like every knowledge call).
  if (request.knowledge) await useLiveSession(db, user.id, request.knowledge.sessionId);
  return startTask(db, user, { request, topic: request.brief.topic, costCoins });
}

/**
 * The part of starting a task that every kind of task shares (generate, 一稿多发): in one
 * transaction, the running-task limit, the coin reservation and the task row. The caller has
 * checked the request and its plan limits before.
 */
export async function startTask(db: Db, user: UserRow, input: { request: StoredRequest; topic: string; costCoins: number }): Promise<GenerationTaskRow> {
  const { request, costCoins } = input;
  const taskId = publicId();
  request.brief.variant = taskId;
  return db.transaction(async (tx) => {
    // One user's starts are serialised, so two tabs cannot both slip under the running limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`generate:${user.id}`}))`);
    const running = await tx.$count(generationTasks, and(eq(generationTasks.userId, user.id), inArray(generationTasks.status, ['queued', 'running'])));
    if (running >= MAX_RUNNING_TASKS) throw businessLimit(`生成次数超限：最多同时进行${MAX_RUNNING_TASKS}个创作任务，请等待当前任务完成后再试`, 429);
    const hold = await holdCoinsInTx(tx, { userId: user.id, amount: costCoins, ref: taskId, ttlMs: HOLD_TTL_MS });
    if (!hold.ok) throw businessLimit(`余额不足：本次创作需要${costCoins}币，请先充值`, 402);
    const [task] = await tx
      .insert(generationTasks)
      .values({
        taskId,
        articleId: publicId(),
        userId: user.id,
        advanced: request.brief.advanced,
        topic: input.topic,
        request,
        holdCoins: costCoins,
        details: { progress: 0, message: '任务已创建，等待开始' },
      })
      .returning();
    return task!;
  });
}
