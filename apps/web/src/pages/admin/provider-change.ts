import type { ProviderChange, ProviderInfo, SearchProvider, StockProvider } from './providers-api';

/*
 * The providers form's fields as plain data: what it starts with, whether a key must be typed, and
 * the PUT body they make (or what is missing). The checks mirror the server's, so an incomplete
 * form is answered here without a call.
 */

/** The kinds this console has a form for; another kind is shown but not switchable. */
export const FORM_KINDS = ['llm', 'embeddings', 'images', 'search', 'stock'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const hasForm = (kind: string): kind is FormKind => (FORM_KINDS as readonly string[]).includes(kind);

export const SEARCH_PROVIDERS: { value: SearchProvider; label: string }[] = [
  { value: 'bocha', label: '博查（bocha）' },
  { value: 'tavily', label: 'Tavily' },
  { value: 'searxng', label: 'SearXNG（自建实例）' },
];

export const STOCK_PROVIDERS: { value: StockProvider; label: string }[] = [
  { value: 'pixabay', label: 'Pixabay' },
  { value: 'pexels', label: 'Pexels' },
];

const isSearchProvider = (value: string): value is SearchProvider => SEARCH_PROVIDERS.some((item) => item.value === value);
const isStockProvider = (value: string): value is StockProvider => STOCK_PROVIDERS.some((item) => item.value === value);

/** The form's fields as typed; the key is kept apart (ProviderForm's own state). */
export type ProviderFields = Record<string, string>;

/** What the form starts with: the current setting, and for a choice of services the current one or the first. */
export function initialFields(info: ProviderInfo): ProviderFields {
  const provider = info.kind === 'stock' ? (isStockProvider(info.provider) ? info.provider : 'pixabay') : isSearchProvider(info.provider) ? info.provider : 'bocha';
  return {
    baseUrl: info.baseUrl ?? '',
    model: info.model ?? '',
    outlineModel: info.options?.outlineModel ?? '',
    writingModel: info.options?.writingModel ?? '',
    provider,
    reason: '',
  };
}

/**
 * Whether an empty key field keeps a stored key the new setting can use. A key belongs to its
 * service (a Pixabay key is no Pexels key): where the form offers a choice, choosing another
 * service needs that one's key, as the server says.
 */
export function keyKept(info: ProviderInfo, fields: ProviderFields): boolean {
  if (!info.keySet) return false;
  return (info.kind !== 'stock' && info.kind !== 'search') || info.provider === fields.provider;
}

const optional = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** The PUT body the fields make, or what is missing. */
export function providerChange(info: ProviderInfo, fields: ProviderFields, apiKey: string): ProviderChange | { problem: string } {
  const reason = optional(fields.reason);
  const key = apiKey ? { apiKey } : {};
  const baseUrl = fields.baseUrl?.trim() ?? '';
  const model = fields.model?.trim() ?? '';
  const needsKey = !apiKey && !keyKept(info, fields);
  switch (info.kind) {
    case 'llm': {
      if (!baseUrl) return { problem: '请填写接口地址' };
      if (!model) return { problem: '请填写模型名' };
      const options = { outlineModel: optional(fields.outlineModel), writingModel: optional(fields.writingModel) };
      return { kind: 'llm', provider: 'openai-compatible', baseUrl, model, options, ...key, reason };
    }
    case 'embeddings':
      // Some self-hosted embedding servers need no key: it is never required here.
      if (!baseUrl) return { problem: '请填写接口地址' };
      if (!model) return { problem: '请填写模型名' };
      return { kind: 'embeddings', provider: 'openai-compatible', baseUrl, model, ...key, reason };
    case 'images':
      if (!baseUrl) return { problem: '请填写接口地址' };
      if (needsKey) return { problem: '请填写密钥' };
      if (!model) return { problem: '请填写模型名' };
      return { kind: 'images', provider: 'openai', baseUrl, model, ...key, reason };
    case 'search': {
      const provider = isSearchProvider(fields.provider ?? '') ? (fields.provider as SearchProvider) : 'bocha';
      if (provider === 'searxng' && !baseUrl) return { problem: 'SearXNG 需要填写实例地址' };
      if (provider !== 'searxng' && needsKey) return { problem: '请填写密钥' };
      return { kind: 'search', provider, baseUrl, ...key, reason };
    }
    case 'stock': {
      const provider = isStockProvider(fields.provider ?? '') ? (fields.provider as StockProvider) : 'pixabay';
      if (needsKey) return { problem: '请填写密钥' };
      return { kind: 'stock', provider, ...(baseUrl ? { baseUrl } : {}), ...key, reason };
    }
    default:
      return { problem: '该服务暂不支持在控制台切换' };
  }
}
