import { apiRequest } from '../../lib/api';

/*
 * The providers tab's calls (docs/api-additions.md, /api/admin/providers; issue 21, point 6;
 * decision 080). The list never carries a key, only whether one is set; a change is tested with a
 * real call on the server, and a change or a reset goes through useStepUp.
 */

export type ProviderSource = 'env' | 'console' | 'default';

export interface ProviderInfo {
  kind: string;
  label: string;
  source: ProviderSource;
  switchable: boolean;
  provider: string;
  baseUrl: string;
  model: string | null;
  options?: { outlineModel?: string; writingModel?: string } | null;
  keySet: boolean;
  status: string;
  latencyMs?: number | null;
  updatedAt?: string | null;
  /** Embeddings only: how many users' knowledge bases still wait for vectors from the current model. */
  reembed?: Reembed | null;
}

export interface Reembed {
  pending: number;
}

export type SearchProvider = 'bocha' | 'tavily' | 'searxng';
export type StockProvider = 'pixabay' | 'pexels';

/** A PUT's body and its kind; a missing `apiKey` keeps the stored key. */
export type ProviderChange = (
  | { kind: 'llm'; provider: 'openai-compatible'; baseUrl: string; model: string; options?: { outlineModel?: string; writingModel?: string } }
  | { kind: 'search'; provider: SearchProvider; baseUrl: string }
  | { kind: 'embeddings'; provider: 'openai-compatible'; baseUrl: string; model: string }
  | { kind: 'images'; provider: 'openai'; baseUrl: string; model: string }
  | { kind: 'stock'; provider: StockProvider; baseUrl?: string }
) & { apiKey?: string; reason?: string };

export interface ProviderTest {
  status: 'ok' | 'error';
  latencyMs: number;
  message: string;
  saved: boolean;
  /** Embeddings only: the knowledge bases whose vectors are being rebuilt for the new model. */
  reembed?: Reembed | null;
}

export const providerKeys = { all: ['admin', 'providers'] as const };

export async function fetchProviders(signal?: AbortSignal): Promise<ProviderInfo[]> {
  return (await apiRequest<{ data: ProviderInfo[] }>('/api/admin/providers', { signal })).data;
}

/** Tests the settings with a real call; only what passed is stored (`saved`). */
export async function setProvider({ kind, ...body }: ProviderChange): Promise<ProviderTest> {
  return (await apiRequest<{ data: ProviderTest }>(`/api/admin/providers/${kind}`, { method: 'PUT', body })).data;
}

/** Removes the console's setting: the kind goes back to its default (or to the environment's). */
export async function resetProvider(kind: string, reason?: string): Promise<{ removed: boolean }> {
  return (await apiRequest<{ data: { removed: boolean } }>(`/api/admin/providers/${kind}`, { method: 'DELETE', body: { reason } })).data;
}
