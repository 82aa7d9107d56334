import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Auth } from '../accounts/auth.js';
import type { Config } from '../config/config-types.js';
import { type BuildQueue, KB_REEMBED_JOB } from '../knowledge/build-ports.js';
import { countStaleIndexes } from '../knowledge/reembed.js';
import type { Db } from '../platform/db/index.js';
import { AppError, notFound } from '../platform/errors.js';
import { type LiveProviders, PROVIDER_KINDS, type ProviderKind } from '../providers/live-providers.js';
import { providerSettings } from '../providers/tables.js';
import { recordAudit } from './audit.js';
import { createOperatorGuard } from './operator-guard.js';
import { resetSchema, testedRow } from './provider-bodies.js';
import { parseBody } from './request-input.js';

export interface AdminProviderRouteDeps {
  db: Db;
  auth: Auth;
  config: Config;
  providers: LiveProviders;
  /** Where the re-embedding job goes after the embeddings model changes (decision 083). */
  queue: BuildQueue;
  logger: FastifyBaseLogger;
}

const KIND_LABELS: Record<ProviderKind, string> = { llm: '大模型', embeddings: '向量模型', images: '配图生成', search: '联网搜索', stock: '图库' };

/** What the console shows of a kind: never a key, only whether one is set. */
function describe(deps: AdminProviderRouteDeps, kind: ProviderKind) {
  const { providers } = deps;
  const source = providers.sourceOf(kind);
  const row = providers.consoleRows().get(kind);
  const base = { kind, label: KIND_LABELS[kind], source, switchable: true };
  if (source === 'console' && row) {
    return { ...base, provider: row.provider, baseUrl: row.baseUrl, model: row.model, options: row.options, keySet: Boolean(row.keyCiphertext), status: row.status, latencyMs: row.latencyMs, updatedAt: row.updatedAt.toISOString() };
  }
  const status = source === 'env' ? 'configured' : undefined;
  switch (kind) {
    case 'llm': {
      const llm = providers.llm();
      return llm
        ? { ...base, provider: 'openai-compatible', baseUrl: llm.baseUrl, model: llm.model, options: { outlineModel: llm.outlineModel, writingModel: llm.writingModel }, keySet: Boolean(llm.apiKey), status: status ?? 'configured' }
        : { ...base, provider: 'offline', baseUrl: '', model: null, keySet: false, status: 'offline' };
    }
    case 'search': {
      const search = providers.search();
      return search.provider
        ? { ...base, provider: search.provider, baseUrl: search.baseUrl ?? '', model: null, keySet: Boolean(search.apiKey), status: status ?? 'configured' }
        : { ...base, provider: 'none', baseUrl: '', model: null, keySet: false, status: 'off' };
    }
    case 'embeddings': {
      const embeddings = providers.embeddings();
      return embeddings
        ? { ...base, provider: 'openai-compatible', baseUrl: embeddings.baseUrl, model: embeddings.model, keySet: Boolean(embeddings.apiKey), status: status ?? 'configured' }
        : { ...base, provider: 'local', baseUrl: '', model: null, keySet: false, status: 'default' };
    }
    case 'images': {
      const images = providers.images();
      return images.provider === 'openai'
        ? { ...base, provider: 'openai', baseUrl: images.baseUrl, model: images.model, keySet: Boolean(images.apiKey), status: status ?? 'configured' }
        : { ...base, provider: 'cards', baseUrl: '', model: null, keySet: false, status: 'default' };
    }
    case 'stock': {
      const stock = providers.stock();
      const on = [stock.pixabay ? 'pixabay' : null, stock.pexels ? 'pexels' : null].filter(Boolean).join('+');
      return { ...base, provider: on || 'none', baseUrl: '', model: null, keySet: Boolean(on), status: on ? (status ?? 'configured') : 'off' };
    }
  }
}

/** How many knowledge bases still wait for vectors of the embeddings model in use (none without one). */
async function reembedProgress(deps: AdminProviderRouteDeps): Promise<{ pending: number } | undefined> {
  const model = deps.providers.embeddings()?.model;
  return model ? { pending: await countStaleIndexes(deps.db, model) } : undefined;
}

const kindOf = (value: string): ProviderKind => {
  if (!(PROVIDER_KINDS as readonly string[]).includes(value)) throw notFound('未知的服务类型');
  return value as ProviderKind;
};

/**
 * Providers without a restart (issue 21, point 6; decisions 080, 083): the list of every kind
 * with where its setting comes from; a console setting for any kind, tested with a real call
 * before it is stored and taken up by every process; and a way back to the default.
 */
export function registerAdminProviderRoutes(app: FastifyInstance, deps: AdminProviderRouteDeps): void {
  const guard = createOperatorGuard(deps.db, deps.auth);
  const refuseEnv = (kind: ProviderKind) => {
    if (deps.providers.sourceOf(kind) === 'env') {
      throw new AppError('CONFLICT', `${KIND_LABELS[kind]}已由环境变量配置，环境变量优先，控制台的设置不会生效`);
    }
  };
  const reembed = (reason: string) => {
    const model = deps.providers.embeddings()?.model;
    if (!model) return;
    deps.queue.submit(KB_REEMBED_JOB, model).catch((error: unknown) => deps.logger.warn({ err: error, reason }, 'queueing the re-embedding job failed'));
  };

  app.get('/api/admin/providers', async (request, reply) => {
    await guard.requireOperator(request, reply);
    reply.header('Cache-Control', 'no-store');
    const reembedding = await reembedProgress(deps);
    return {
      success: true,
      data: PROVIDER_KINDS.map((kind) => ({ ...describe(deps, kind), ...(kind === 'embeddings' && reembedding ? { reembed: reembedding } : {}) })),
    };
  });

  app.put<{ Params: { kind: string } }>('/api/admin/providers/:kind', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const kind = kindOf(request.params.kind);
    refuseEnv(kind);
    const existing = deps.providers.consoleRows().get(kind);
    const { row, check, reason } = await testedRow(deps, kind, request.body, existing);
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
    if (kind !== 'embeddings') return { success: true, data: { ...check, saved: true } };
    reembed('switch');
    return { success: true, data: { ...check, saved: true, reembed: await reembedProgress(deps) } };
  });

  app.delete<{ Params: { kind: string } }>('/api/admin/providers/:kind', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const current = await guard.requireConfirmed(request, reply);
    const kind = kindOf(request.params.kind);
    refuseEnv(kind);
    const { reason } = parseBody(resetSchema, request.body);
    const removed = await deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(providerSettings).where(eq(providerSettings.kind, kind)).returning();
      if (!gone) return false;
      await recordAudit(tx, {
        operator: { id: current.user.id, name: current.user.username },
        action: 'provider.reset',
        target: `provider:${kind}`,
        before: { provider: gone.provider, baseUrl: gone.baseUrl, model: gone.model, keySet: Boolean(gone.keyCiphertext) },
        after: null,
        reason: reason || '控制台恢复默认',
      });
      return true;
    });
    await deps.providers.refresh();
    return { success: true, data: { removed } };
  });
}
