import type { Config } from '../config/config-types.js';
import { PEXELS_DEFAULT_BASE } from '../images/stock/pexels.js';
import { PIXABAY_DEFAULT_BASE } from '../images/stock/pixabay.js';
import type { ProviderSettingsRow } from './tables.js';

/*
 * What a console row (provider_settings, decision 080) gives for each kind, in the shape the
 * configuration gives it, so that every reader takes one type whatever the source. A row that
 * cannot be used (an unknown provider, a missing field) gives null and the default serves.
 */

export type LlmSettings = NonNullable<Config['llm']>;
export type SearchSettings = Config['search'];
export type EmbeddingsSettings = NonNullable<Config['embeddings']>;
export type ImagesSettings = Config['images'];
export type StockSettings = Config['stock'];

/** Texts per embeddings call when the console does not say: what the strictest common API takes (DashScope). */
export const DEFAULT_EMBEDDINGS_BATCH = 10;

/** The row's fields a stored setting is made of (not its test outcome): equal signatures, equal settings. */
export const rowSignature = (row: ProviderSettingsRow): string =>
  JSON.stringify([row.provider, row.baseUrl, row.model, row.options, row.keyCiphertext]);

export function llmFromRow(row: ProviderSettingsRow, apiKey: string, timeoutMs: number): LlmSettings | null {
  if (row.provider !== 'openai-compatible' || !row.baseUrl || !row.model) return null;
  const options = row.options as { outlineModel?: string; writingModel?: string };
  return {
    baseUrl: row.baseUrl,
    apiKey,
    model: row.model,
    outlineModel: options.outlineModel || undefined,
    writingModel: options.writingModel || undefined,
    timeoutMs,
  };
}

export function searchFromRow(row: ProviderSettingsRow, apiKey: string, readPages: number): SearchSettings | null {
  if (row.provider !== 'bocha' && row.provider !== 'tavily' && row.provider !== 'searxng') return null;
  return { provider: row.provider, apiKey: apiKey || undefined, baseUrl: row.baseUrl || undefined, readPages };
}

export function embeddingsFromRow(row: ProviderSettingsRow, apiKey: string): EmbeddingsSettings | null {
  if (row.provider !== 'openai-compatible' || !row.baseUrl || !row.model) return null;
  const { batchSize } = row.options as { batchSize?: number };
  return { baseUrl: row.baseUrl, apiKey, model: row.model, batchSize: Number.isInteger(batchSize) && batchSize! > 0 ? batchSize! : DEFAULT_EMBEDDINGS_BATCH };
}

export function imagesFromRow(row: ProviderSettingsRow, apiKey: string, cardWorkers: number): ImagesSettings | null {
  if (row.provider !== 'openai' || !row.baseUrl || !row.model || !apiKey) return null;
  return { provider: 'openai', baseUrl: row.baseUrl, apiKey, model: row.model, cardWorkers };
}

/** One stock source from the console (the environment can set both). */
export function stockFromRow(row: ProviderSettingsRow, apiKey: string): StockSettings | null {
  if (!apiKey) return null;
  if (row.provider === 'pixabay') return { pixabay: { apiKey, baseUrl: row.baseUrl || PIXABAY_DEFAULT_BASE }, pexels: null };
  if (row.provider === 'pexels') return { pixabay: null, pexels: { apiKey, baseUrl: row.baseUrl || PEXELS_DEFAULT_BASE } };
  return null;
}
