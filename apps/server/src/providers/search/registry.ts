import { BochaSearch } from './bocha.js';
import type { SearchPort } from './search-port.js';
import { SearxngSearch } from './searxng.js';
import { TavilySearch } from './tavily.js';

export interface SearchConfig {
  provider?: 'bocha' | 'tavily' | 'searxng';
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * The configured web-search adapter, or null when none is configured (the pipeline then says
 * that web search was skipped). A provider without its key or URL is a startup error, not a
 * silent skip.
 */
export function createSearchPort(config: SearchConfig): SearchPort | null {
  const { provider, apiKey, baseUrl, timeoutMs } = config;
  switch (provider) {
    case undefined:
      return null;
    case 'bocha':
      return new BochaSearch({ apiKey, baseUrl, timeoutMs });
    case 'tavily':
      return new TavilySearch({ apiKey, baseUrl, timeoutMs });
    case 'searxng':
      if (!baseUrl) throw new Error('SearXNG search needs a base URL');
      return new SearxngSearch({ apiKey, baseUrl, timeoutMs });
    default:
      throw new Error(`unknown search provider: ${String(provider satisfies never)}`);
  }
}
