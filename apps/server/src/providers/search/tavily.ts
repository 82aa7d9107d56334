import { clampLimit, finishResults, requestJson, type SearchAdapterConfig, trimBaseUrl } from './search-common.js';
import type { SearchOptions, SearchPort, SearchResult } from './search-port.js';

interface TavilyResult {
  title?: string;
  url?: string;
  content?: string;
  published_date?: string;
}

/** Tavily Search API, POST /search. */
export class TavilySearch implements SearchPort {
  readonly name = 'tavily' as const;
  private readonly apiKey: string;
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(config: SearchAdapterConfig) {
    if (!config.apiKey) throw new Error('Tavily search needs an API key');
    this.apiKey = config.apiKey;
    this.endpoint = `${trimBaseUrl(config.baseUrl ?? 'https://api.tavily.com')}/search`;
    this.timeoutMs = config.timeoutMs ?? 15_000;
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    const limit = clampLimit(options.limit);
    const json = (await requestJson({
      provider: this.name,
      url: this.endpoint,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
        // api_key in the body too: accounts from before Bearer auth only read it there.
        body: JSON.stringify({ api_key: this.apiKey, query, max_results: limit, search_depth: 'basic', include_answer: false }),
      },
      timeoutMs: this.timeoutMs,
      signal: options.signal,
      secrets: [this.apiKey],
      hints: { 401: 'API Key 无效', 429: '请求过于频繁', 432: '已超出套餐额度', 433: '已超出按量付费上限' },
    })) as { results?: TavilyResult[] };
    const results = Array.isArray(json.results) ? json.results : [];
    return finishResults(
      results.map((r) => ({ title: r.title, url: r.url, content: r.content, publishedAt: r.published_date })),
      limit,
    );
  }
}
