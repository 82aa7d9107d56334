import { z } from 'zod';
import type { Config } from '../config/config-types.js';
import { badRequest } from '../platform/errors.js';
import { checkEmbeddings, checkImages, checkLlm, checkSearch, checkStock, type ProviderCheck } from '../providers/provider-check.js';
import { embeddingsFromRow, imagesFromRow, llmFromRow, searchFromRow, stockFromRow } from '../providers/provider-rows.js';
import type { LiveProviders, ProviderKind } from '../providers/live-providers.js';
import type { ProviderSettingsRow } from '../providers/tables.js';
import { parseBody } from './request-input.js';

/*
 * The body of `PUT /api/admin/providers/{kind}` for each kind, checked (Chinese messages), and
 * the row it describes with the outcome of a real call made with it (decisions 080, 083). A
 * missing key keeps the stored one.
 */

const url = z
  .string({ error: '请填写接口地址' })
  .trim()
  .max(500, '接口地址过长')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), '接口地址必须是 http 或 https 开头的网址');
const optionalUrl = z.union([url, z.literal('')]).optional();
const apiKey = z.string().max(500, '密钥过长').optional();
const model = z.string({ error: '请填写模型名' }).trim().min(1, '请填写模型名').max(200, '模型名过长');
const reason = z.string().trim().max(500, '原因最多 500 字').optional();

const llmSchema = z.object({
  provider: z.literal('openai-compatible', { error: '大模型只支持 OpenAI 兼容接口（openai-compatible）' }),
  baseUrl: url,
  apiKey,
  model,
  options: z.object({ outlineModel: z.string().trim().max(200).optional(), writingModel: z.string().trim().max(200).optional() }).optional(),
  reason,
});
const searchSchema = z.object({
  provider: z.enum(['bocha', 'tavily', 'searxng'], { error: '联网搜索只支持 bocha、tavily 或 searxng' }),
  baseUrl: optionalUrl,
  apiKey,
  reason,
});
const embeddingsSchema = z.object({
  provider: z.literal('openai-compatible', { error: '向量模型只支持 OpenAI 兼容接口（openai-compatible）' }),
  baseUrl: url,
  apiKey,
  model,
  options: z.object({ batchSize: z.number({ error: '每批条数必须是数字' }).int('每批条数必须是整数').min(1, '每批条数至少 1').max(2048, '每批条数最多 2048').optional() }).optional(),
  reason,
});
const imagesSchema = z.object({
  provider: z.literal('openai', { error: '配图生成只支持 OpenAI 兼容的图片接口（openai）' }),
  baseUrl: url,
  apiKey,
  model,
  reason,
});
const stockSchema = z.object({
  provider: z.enum(['pixabay', 'pexels'], { error: '图库只支持 pixabay 或 pexels' }),
  baseUrl: optionalUrl,
  apiKey,
  reason,
});
export const resetSchema = z.object({ reason }).loose();

export type NewRow = Pick<ProviderSettingsRow, 'kind' | 'provider' | 'baseUrl' | 'model' | 'options' | 'keyCiphertext'>;

export interface TestedRow {
  row: NewRow;
  check: ProviderCheck;
  reason?: string;
}

/** A row as stored, for the row readers (provider-rows.ts) that make settings of it. */
const asStored = (row: NewRow): ProviderSettingsRow => ({ ...row, status: 'ok', latencyMs: null, operatorId: null, updatedAt: new Date() });

/** The row the body describes and the outcome of a real call with it. */
export async function testedRow(
  deps: { config: Config; providers: LiveProviders },
  kind: ProviderKind,
  body: unknown,
  existing: ProviderSettingsRow | undefined,
): Promise<TestedRow> {
  // The stored key serves again only for the same provider: a key of Pixabay is no key of Pexels.
  const storedKey = (provider: string) => (existing?.keyCiphertext && existing.provider === provider ? existing : null);
  const keyFor = (provider: string, given: string | undefined) => {
    if (given) return { sealed: deps.providers.sealKey(kind, given), plain: given };
    const stored = storedKey(provider);
    return { sealed: stored?.keyCiphertext ?? null, plain: stored ? (deps.providers.openKey(stored) ?? '') : '' };
  };
  switch (kind) {
    case 'llm': {
      const input = parseBody(llmSchema, body);
      const key = keyFor(input.provider, input.apiKey);
      const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl, model: input.model, options: input.options ?? {}, keyCiphertext: key.sealed };
      return { row, check: await checkLlm(llmFromRow(asStored(row), key.plain, 20_000)!), reason: input.reason };
    }
    case 'search': {
      const input = parseBody(searchSchema, body);
      if (input.provider === 'searxng' && !input.baseUrl) throw badRequest('SearXNG 需要填写实例地址');
      const key = keyFor(input.provider, input.apiKey);
      if (input.provider !== 'searxng' && !key.sealed) throw badRequest('请填写密钥');
      const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl ?? '', model: null, options: {}, keyCiphertext: key.sealed };
      return { row, check: await checkSearch(searchFromRow(asStored(row), key.plain, deps.config.search.readPages)!), reason: input.reason };
    }
    case 'embeddings': {
      const input = parseBody(embeddingsSchema, body);
      const key = keyFor(input.provider, input.apiKey);
      const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl, model: input.model, options: input.options ?? {}, keyCiphertext: key.sealed };
      return { row, check: await checkEmbeddings(embeddingsFromRow(asStored(row), key.plain)!), reason: input.reason };
    }
    case 'images': {
      const input = parseBody(imagesSchema, body);
      const key = keyFor(input.provider, input.apiKey);
      if (!key.sealed) throw badRequest('请填写密钥');
      const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl, model: input.model, options: {}, keyCiphertext: key.sealed };
      const settings = imagesFromRow(asStored(row), key.plain, deps.config.images.cardWorkers);
      if (settings?.provider !== 'openai') throw badRequest('已保存的密钥无法读取，请重新填写密钥');
      return { row, check: await checkImages(settings), reason: input.reason };
    }
    case 'stock': {
      const input = parseBody(stockSchema, body);
      const key = keyFor(input.provider, input.apiKey);
      if (!key.sealed) throw badRequest('请填写密钥');
      const row: NewRow = { kind, provider: input.provider, baseUrl: input.baseUrl ?? '', model: null, options: {}, keyCiphertext: key.sealed };
      const settings = stockFromRow(asStored(row), key.plain);
      if (!settings) throw badRequest('已保存的密钥无法读取，请重新填写密钥');
      return { row, check: await checkStock(settings), reason: input.reason };
    }
  }
}
