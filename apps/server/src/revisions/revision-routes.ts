import {
  MODEL_REQUIRED_CODE,
  MODEL_REQUIRED_TEXT,
  OFFLINE_REVISION_ACTIONS,
  REVISION_ACTIONS,
  REVISION_CHARS_PER_COIN,
  REVISION_LABELS,
  REVISION_PER_MINUTE,
  type RevisionAction,
  RULE_ONLY_REVISION_ACTIONS,
  revisionCost,
  revisionOutputLimit,
  revisionRequestSchema,
} from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { findOwnArticle } from '../articles/owner-articles.js';
import { assertArticleId } from '../articles/public-article.js';
import type { Config } from '../config/env.js';
import type { KnowledgeRetriever } from '../knowledge/retrieve.js';
import type { Db } from '../platform/db/index.js';
import { AppError, notFound } from '../platform/errors.js';
import { openEventStream } from '../platform/http/sse.js';
import { LlmError, type LlmPort } from '../providers/llm/llm-port.js';
import { OpenAiCompatibleLlm } from '../providers/llm/openai-compatible.js';
import { runOfflineAction } from './offline/index.js';
import { articleSetting, knowledgePassages, surroundingText } from './revision-context.js';
import { revisionMessages, titleLines } from './revision-prompts.js';
import { closeRevision, newRevisionId, openRevision, revisionsSince } from './revision-store.js';

export interface RevisionRouteDeps {
  db: Db;
  auth: Auth;
  /** The model in use now (env or console; decision 080), or null: then only the rule-based actions are offered. */
  llm: () => Config['llm'];
  knowledge: KnowledgeRetriever | null;
  /** Tests put a scripted port here; production builds one from `llm`. */
  port?: LlmPort;
}

/** How often a stream checks that its client is still there before the model's first words. */
const DISCARD_CHECK_MS = 200;

/** Why an action may fail, in words the editor shows. */
const FAILURE_TEXT = 'AI 处理失败，请稍后重试，本次未扣金币';

function revisionModel(llm: Config['llm']): LlmPort | null {
  if (!llm) return null;
  // The pipeline's adapter, timeouts and retries; the writing model writes the text.
  return new OpenAiCompatibleLlm({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    models: { revision: llm.writingModel },
    timeoutMs: llm.timeoutMs,
  });
}

const frame = (data: Record<string, unknown>) => `data: ${JSON.stringify(data)}\n\n`;
const charsOf = (text: string) => [...text].length;

/** Who does an action here: the model, rules, or nobody (a model-only action without a model). */
function performer(action: RevisionAction, hasModel: boolean): 'model' | 'rules' | null {
  if (RULE_ONLY_REVISION_ACTIONS.includes(action)) return 'rules';
  if (hasModel) return 'model';
  return OFFLINE_REVISION_ACTIONS.includes(action) ? 'rules' : null;
}

/**
 * The editor's AI actions (issue 18; API.md): the menu's list with availability and price, and an
 * action streamed as server-sent events. A model's action holds its most expensive outcome before
 * the call and settles at the characters it wrote (decision 061); rules cost nothing. Nothing is
 * written to the article: the editor saves what the user accepts.
 */
export function registerRevisionRoutes(app: FastifyInstance, deps: RevisionRouteDeps): void {
  const { db, auth } = deps;
  // A port per settings object: the same settings keep their port; a switch in the console makes a new one.
  const ports = new WeakMap<object, LlmPort>();
  const currentModel = (): LlmPort | null => {
    if (deps.port) return deps.port;
    const llm = deps.llm();
    if (!llm) return null;
    if (!ports.has(llm)) ports.set(llm, revisionModel(llm)!);
    return ports.get(llm)!;
  };

  const ownArticle = async (userId: number, articleId: string) => {
    assertArticleId(articleId);
    const row = await findOwnArticle(db, userId, articleId);
    if (!row) throw notFound('未找到文章');
    return row;
  };

  app.get<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/revisions/actions', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    await ownArticle(current.user.id, request.params.articleId);
    return {
      success: true,
      data: REVISION_ACTIONS.map((action) => {
        const by = performer(action, currentModel() !== null);
        return {
          action,
          label: REVISION_LABELS[action],
          available: by !== null,
          ...(by === null ? { reason: MODEL_REQUIRED_TEXT } : {}),
          // Coins per REVISION_CHARS_PER_COIN characters written: 0 for what rules do.
          price: by === 'model' ? 1 : 0,
          charsPerCoin: REVISION_CHARS_PER_COIN,
        };
      }),
    };
  });

  app.post<{ Params: { articleId: string } }>('/api/v1/articles/:articleId/revisions', async (request, reply) => {
    const current = await auth.requireUser(request, reply);
    const article = await ownArticle(current.user.id, request.params.articleId);
    const body = revisionRequestSchema.parse(request.body ?? {});
    const { action, selection } = body;
    const model = currentModel();
    const by = performer(action, model !== null);
    if (!by) throw new AppError('CONFLICT', `${REVISION_LABELS[action]}${MODEL_REQUIRED_TEXT}`, { details: { code: MODEL_REQUIRED_CODE } });

    const recent = await revisionsSince(db, current.user.id, new Date(Date.now() - 60_000));
    if (recent >= REVISION_PER_MINUTE) throw new AppError('RATE_LIMITED', 'AI 编辑操作太频繁，请一分钟后再试', { retryAfter: 60 });

    const id = newRevisionId();
    const selectionChars = charsOf(selection.text);
    const outputLimit = revisionOutputLimit(action, selectionChars);
    const reserve = by === 'model' ? revisionCost(outputLimit) : 0;
    await openRevision(db, { id, articleId: article.id, userId: current.user.id, action, by, selectionChars, reserve });

    const raw = openEventStream(request, reply);
    const send = (data: Record<string, unknown>) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(frame(data));
    };
    let finished = false;
    const controller = new AbortController();
    raw.on('close', () => {
      if (!finished) controller.abort(new Error('client closed the stream'));
    });
    // A client that hangs up is only noticed on a write (the server does not read a busy
    // connection): a comment every DISCARD_CHECK_MS finds it while the model is still thinking,
    // so a discard before the first words costs nothing.
    const probe = setInterval(() => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(': \n\n');
    }, DISCARD_CHECK_MS);
    const finish = async (end: Parameters<typeof closeRevision>[2], last: Record<string, unknown> | null) => {
      finished = true;
      clearInterval(probe);
      await closeRevision(db, id, end);
      if (last) send(last);
      raw.end();
    };

    if (by === 'rules') {
      const setting = articleSetting(article);
      const text = runOfflineAction(action as Parameters<typeof runOfflineAction>[0], selection.text, {
        platform: setting.platform,
        title: article.title,
        topic: setting.topic,
        articleText: article.content,
      });
      send({ type: 'delta', text });
      await finish({ status: 'done', outputChars: charsOf(text), cost: 0 }, { type: 'done', revisionId: id, text, cost: 0 });
      return reply;
    }

    const setting = articleSetting(article);
    const whole = action === 'titles' || action === 'summary';
    const around = whole ? { before: '', after: '' } : surroundingText(article.content, selection, body.context);
    const passages = await knowledgePassages({ db, knowledge: deps.knowledge, logger: request.log }, article, current.user.id, selection.text);
    const messages = revisionMessages({
      action,
      selection: selection.text,
      ...around,
      setting,
      toneStyle: body.options?.style,
      passages,
      outputLimit,
    });

    let written = '';
    let cut = false;
    try {
      const result = await model!.chat({
        purpose: 'revision',
        messages,
        // Chinese runs about one token per character; the stream is cut at the limit anyway.
        maxTokens: Math.ceil(outputLimit * 1.5) + 50,
        temperature: 0.7,
        signal: controller.signal,
        onDelta: (delta) => {
          if (cut) return;
          const room = outputLimit - charsOf(written);
          const piece = [...delta].slice(0, room).join('');
          written += piece;
          if (piece) send({ type: 'delta', text: piece });
          if (charsOf(written) >= outputLimit) {
            cut = true;
            controller.abort(new Error('output limit reached'));
          }
        },
      });
      if (!cut) written = result.text;
    } catch (error) {
      if (!cut) {
        if (controller.signal.aborted) {
          // The user discarded it (closed the stream): nothing charged before any text arrived,
          // else the characters the model had written.
          const outputChars = charsOf(written);
          await finish({ status: 'discarded', outputChars, cost: Math.min(revisionCost(outputChars), reserve) }, null);
          return reply;
        }
        request.log.warn({ err: error, revisionId: id, action }, 'revision model call failed');
        const code = error instanceof LlmError ? error.code : 'FAILED';
        await finish({ status: 'failed', outputChars: 0, cost: 0 }, { type: 'error', code, message: FAILURE_TEXT });
        return reply;
      }
    }
    const text = action === 'titles' ? titleLines(written).join('\n') : written.trim();
    const outputChars = charsOf(written);
    const cost = Math.min(revisionCost(outputChars), reserve);
    await finish({ status: 'done', outputChars, cost }, { type: 'done', revisionId: id, text, cost });
    return reply;
  });
}
