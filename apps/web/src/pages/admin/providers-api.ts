import { apiRequest } from '../../lib/api';

/*
 * The providers tab's calls (docs/api-additions.md, /api/admin/providers; issue 21, point 6;
 * decision 080). The list never carries a key, only whether one is set; a change is tested with a
 * real call on the server and goes through useStepUp.
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
}

export type SearchProvider = 'bocha' | 'tavily' | 'searxng';

export type ProviderChange =
  | { kind: 'llm'; provider: 'openai-compatible'; baseUrl: string; apiKey?: string; model: string; options?: { outlineModel?: string; writingModel?: string }; reason?: string }
  | { kind: 'search'; provider: SearchProvider; baseUrl: string; apiKey?: string; reason?: string };

export interface ProviderTest {
  status: 'ok' | 'error';
  latencyMs: number;
  message: string;
  saved: boolean;
}

export const providerKeys = { all: ['admin', 'providers'] as const };

export async function fetchProviders(signal?: AbortSignal): Promise<ProviderInfo[]> {
  return (await apiRequest<{ data: ProviderInfo[] }>('/api/admin/providers', { signal })).data;
}

/** Tests the settings with a real call; only what passed is stored (`saved`). */
export async function setProvider({ kind, ...body }: ProviderChange): Promise<ProviderTest> {
  return (await apiRequest<{ data: ProviderTest }>(`/api/admin/providers/${kind}`, { method: 'PUT', body })).data;
}
