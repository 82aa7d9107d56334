import { recommendKeywordsRequestSchema } from '@tianma/shared';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import { requirePro } from '../accounts/pro-gate.js';
import type { Config } from '../config/env.js';
import type { LlmPort } from '../providers/llm/llm-port.js';
import { OpenAiCompatibleLlm } from '../providers/llm/openai-compatible.js';
import { recommendKeywords } from './recommend-keywords.js';

// Each click may cost a model call: a per-IP cap keeps a script from spending the quota.
const KEYWORDS_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** The user waits on the button: a slow model gives way to the offline method sooner than an article stage would. */
const KEYWORD_TIMEOUT_MS = 20_000;

export interface SeoRouteDeps {
  auth: Auth;
  /** The model in use now, if any (env or console; decision 080); the offline method answers without one. */
  llm: () => Config['llm'];
}

function keywordModel(llm: Config['llm']): LlmPort | undefined {
  if (!llm) return undefined;
  return new OpenAiCompatibleLlm({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    // A short, cheap task: the outline model (the cheaper one, when configured) is enough.
    models: { keywords: llm.outlineModel },
    timeoutMs: Math.min(llm.timeoutMs, KEYWORD_TIMEOUT_MS),
    maxAttempts: 2,
    backoffBaseMs: 500,
    backoffMaxMs: 2000,
  });
}

/**
 * POST /api/v1/seo/recommend-keywords: keyword suggestions for the advanced form's SEO section, a
 * Pro feature (403, code 1006, 权限不足, before any model call; decision 052).
 */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoRouteDeps): void {
  const ports = new WeakMap<object, LlmPort>();
  const currentModel = (): LlmPort | undefined => {
    const settings = deps.llm();
    if (!settings) return undefined;
    if (!ports.has(settings)) ports.set(settings, keywordModel(settings)!);
    return ports.get(settings);
  };

  app.post('/api/v1/seo/recommend-keywords', { config: KEYWORDS_LIMIT }, async (request, reply) => {
    const current = await deps.auth.requireUser(request, reply);
    requirePro(current.user, 'SEO关键词推荐');
    const body = recommendKeywordsRequestSchema.parse(request.body ?? {});
    const { keywords, source } = await recommendKeywords(body, {
      llm: currentModel(),
      onModelFailure: (error) => request.log.warn({ err: error }, 'keyword model failed; offline keywords used'),
    });
    request.log.info({ source, count: keywords.length }, 'keywords recommended');
    return { success: true, data: { keywords } };
  });
}
