import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Auth } from '../accounts/auth.js';
import type { Config } from '../config/config-types.js';
import type { Db } from '../platform/db/index.js';
import { AppError, badRequest, notFound } from '../platform/errors.js';
import { type LiveProviders, llmFromRow, PROVIDER_KINDS, type ProviderKind, SWITCHABLE_KINDS, type SwitchableKind, searchFromRow } from '../providers/live-providers.js';
import { checkLlm, checkSearch, type ProviderCheck } from '../providers/provider-check.js';
import { type ProviderSettingsRow, providerSettings } from '../providers/tables.js';
import { recordAudit } from './audit.js';
import { createOperatorGuard } from './operator-guard.js';
import { parseBody } from './request-input.js';

export interface AdminProviderRouteDeps {
  db: Db;
  auth: Auth;
  config: Config;
  providers: LiveProviders;
}

const KIND_LABELS: Record<ProviderKind, string> = { llm: '大模型', embeddings: '向量模型', images: '配图生成', search: '联网搜索', stock: '图库' };

const url = z
  .string({ error: '请填写接口地址' })
  .trim()
  .max(500, '接口地址过长')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), '接口地址必须是 http 或 https 开头的网址');
const llmSchema = z.object({
  provider: z.literal('openai-compatible', { error: '大模型只支持 OpenAI 兼容接口（openai-compatible）' }),
  baseUrl: url,
  apiKey: z.string().max(500, '密钥过长').optional(),
  model: z.string({ error: '请填写模型名' }).trim().min(1, '请填写模型名').max(200, '模型名过长'),
  options: z
    .object({ outlineModel: z.string().trim().max(200).optional(), writingModel: z.string().trim().max(200).optional() })
    .optional(),
  reason: z.string().trim().max(500).optional(),
});
const searchSchema = z.object({
  provider: z.enum(['bocha', 'tavily', 'searxng'], { error: '联网搜索只支持 bocha、tavily 或 searxng' }),
  baseUrl: z.union([url, z.literal('')]).optional(),
  apiKey: z.string().max(500, '密钥过长').optional(),
  reason: z.string().trim().max(500).optional(),
});

/** What the console shows of a kind: never a key, only whether one is set. */
function describe(deps: AdminProviderRouteDeps, kind: ProviderKind) {
  const { config, providers } = deps;
  const source = providers.sourceOf(kind);
  const row = providers.consoleRows().get(kind);
  const base = { kind, label: KIND_LABELS[kind], source, switchable: (SWITCHABLE_KINDS as readonly string[]).includes(kind) };
  if (source === 'console' && row) {
    return { ...base, provider: row.provider, baseUrl: row.baseUrl, model: row.model, options: row.options, keySet: Boolean(row.keyCiphertext), status: row.status, latencyMs: row.latencyMs, updatedAt: row.updatedAt.toISOString() };
  }
  switch (kind) {
    case 'llm':
      return config.llm
        ? { ...base, provider: 'openai-compatible', baseUrl: config.llm.baseUrl, model: config.llm.model, options: { outlineModel: config.llm.outlineModel, writingModel: config.llm.writingModel }, keySet: Boolean(config.llm.apiKey), status: 'configured' }
        : { ...base, provider: 'offline', baseUrl: '', model: null, keySet: false, status: 'offline' };
    case 'search':
      return config.search.provider
        ? { ...base, provider: config.search.provider, baseUrl: config.search.baseUrl ?? '', model: null, keySet: Boolean(config.search.apiKey), status: 'configured' }
        : { ...base, provider: 'none', baseUrl: '', model: null, keySet: false, status: 'off' };
    case 'embeddings':
      return config.embeddings
        ? { ...base, provider: 'openai-compatible', baseUrl: config.embeddings.baseUrl, model: config.embeddings.model, keySet: Boolean(config.embeddings.apiKey), status: 'configured' }
        : { ...base, provider: 'local', baseUrl: '', model: null, keySet: false, status: 'default' };
    case 'images':
      return config.images.provider === 'openai'
        ? { ...base, provider: 'openai', baseUrl: config.images.baseUrl, model: config.images.model, keySet: Boolean(config.images.apiKey), status: 'configured' }
        : { ...base, provider: 'cards', baseUrl: '', model: null, keySet: false, status: 'default' };
    case 'stock': {
      const on = [config.stock.pixabay ? 'pixabay' : null, config.stock.pexels ? 'pexels' : null].filter(Boolean).join('+');
      return { ...base, provider: on || 'none', baseUrl: '', model: null, keySet: Boolean(on), status: on ? 'configured' : 'off' };
    }
  }
}

/**
 * Providers without a restart (issue 21, point 6; decision 080): the list of every kind with
 * where its setting comes from, and for the model and web search a console setting that is
 * tested with a real call before it is stored and takes effect in every process.
 */
export function registerAdminProviderRoutes(app: FastifyInstance, deps: AdminProviderRouteDeps): void {
  const guard = createOperatorGuard(deps.db, deps.auth);

  app.get('/api/admin/providers', async (request, reply) => {
    await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: PROVIDER_KINDS.map((kind) => describe(deps, kind)) };
  });

  app.put<{ Params: { kind: string } }>('/api/admin/providers/:kind', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const kind = request.params.kind as ProviderKind;
    if (!(PROVIDER_KINDS as readonly string[]).includes(kind)) throw notFound('未知的服务类型');
    if (!(SWITCHABLE_KINDS as readonly string[]).includes(kind)) {
      throw new AppError('CONFLICT', `${KIND_LABELS[kind]}暂不支持在控制台切换，请在环境变量中配置后重启`);
    }
    if (deps.providers.sourceOf(kind) === 'env') {
      throw new AppError('CONFLICT', `${KIND_LABELS[kind]}已由环境变量配置，环境变量优先，控制台的设置不会生效`);
    }
    const switchable = kind as SwitchableKind;
    const existing = deps.providers.consoleRows().get(switchable);
    const { row, check, reason } = await testedRow(deps, switchable, request.body, existing);
    if (check.status === 'error') return { success: true, data: { ...check, saved: false } };

    const values = { ...row, operatorId: current.user.id, status: 'ok', latencyMs: check.latencyMs, updatedAt: new Date() };
    await deps.db.transaction(async (tx) => {
      await tx.insert(providerSettings).values(values).onConflictDoUpdate({ target: providerSettings.kind, set: values });
      await recordAudit(tx, {
        operator: { id: current.user.id, name: current.user.username },
        action: 'provider.set',
        target: `provider:${kind}`,
        // The key is never written here: only whether there is one.
        before: existing ? { provider: existing.provider, baseUrl: existing.baseUrl, model: existing.model, keySet: Boolean(existing.keyCiphertext) } : null,
        after: { provider: row.provider, baseUrl: row.baseUrl, model: row.model, keySet: Boolean(row.keyCiphertext) },
        reason: reason || '控制台切换服务',
      });
    });
    await deps.providers.refresh();
    return { success: true, data: { ...check, saved: true } };
  });
}

type NewRow = Pick<ProviderSettingsRow, 'kind' | 'provider' | 'baseUrl' | 'model' | 'options' | 'keyCiphertext'>;

/** The row the body describes (a missing key keeps the stored one) and the test call's outcome. */
async function testedRow(deps: AdminProviderRouteDeps, kind: SwitchableKind, body: unknown, existing: ProviderSettingsRow | undefined): Promise<{ row: NewRow; check: ProviderCheck; reason?: string }> {
  const keptKey = (apiKey: string | undefined) => (apiKey ? deps.providers.sealKey(kind, apiKey) : (existing?.keyCiphertext ?? null));
  if (kind === 'llm') {
    const input = parseBody(llmSchema, body);
    const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl, model: input.model, options: input.options ?? {}, keyCiphertext: keptKey(input.apiKey) };
    const apiKey = input.apiKey ?? (existing?.keyCiphertext ? openKept(deps, existing) : '');
    const settings = llmFromRow({ ...row, status: 'ok', latencyMs: null, operatorId: null, updatedAt: new Date() }, apiKey, 20_000)!;
    return { row, check: await checkLlm(settings), reason: input.reason };
  }
  const input = parseBody(searchSchema, body);
  if (input.provider === 'searxng' && !input.baseUrl) throw badRequest('SearXNG 需要填写实例地址');
  if (input.provider !== 'searxng' && !input.apiKey && !existing?.keyCiphertext) throw badRequest('请填写密钥');
  const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl ?? '', model: null, options: {}, keyCiphertext: keptKey(input.apiKey) };
  const apiKey = input.apiKey ?? (existing?.keyCiphertext ? openKept(deps, existing) : '');
  const settings = searchFromRow({ ...row, status: 'ok', latencyMs: null, operatorId: null, updatedAt: new Date() }, apiKey, deps.config.search.readPages)!;
  return { row, check: await checkSearch(settings), reason: input.reason };
}

/** The key already stored for this kind, opened (only to test it again; never answered). */
function openKept(deps: AdminProviderRouteDeps, existing: ProviderSettingsRow): string {
  return deps.providers.openKey(existing) ?? '';
}
