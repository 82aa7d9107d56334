import { clampLimit, finishResults, requestJson, type SearchAdapterConfig, trimBaseUrl } from './search-common.js';
import { SearchError, type SearchOptions, type SearchPort, type SearchResult } from './search-port.js';

interface BochaPage {
  name?: string;
  url?: string;
  snippet?: string;
  summary?: string;
  siteName?: string;
  datePublished?: string;
  dateLastCrawled?: string;
}

interface BochaResponse {
  code?: number | string;
  msg?: string | null;
  message?: string;
  data?: { webPages?: { value?: BochaPage[] } | null } | null;
}

/** Bocha Web Search API (博查), POST /v1/web-search with a Bearer key; answers in a Bing-like shape. */
export class BochaSearch implements SearchPort {
  readonly name = 'bocha' as const;
  private readonly apiKey: string;
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(config: SearchAdapterConfig) {
    if (!config.apiKey) throw new Error('Bocha search needs an API key');
    this.apiKey = config.apiKey;
    this.endpoint = `${trimBaseUrl(config.baseUrl ?? 'https://api.bochaai.com')}/v1/web-search`;
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
        body: JSON.stringify({ query, summary: true, count: limit, freshness: 'noLimit' }),
      },
      timeoutMs: this.timeoutMs,
      signal: options.signal,
      secrets: [this.apiKey],
      hints: { 401: 'API Key 无效', 403: '账户余额不足', 429: '请求过于频繁' },
    })) as BochaResponse;
    // Bocha also reports failures inside a 200 answer.
    if (json.code !== undefined && Number(json.code) !== 200) {
      const detail = String(json.msg ?? json.message ?? '未知错误').split(this.apiKey).join('***');
      throw new SearchError(this.name, `错误 ${json.code}：${detail}`);
    }
    const pages = json.data?.webPages?.value ?? [];
    return finishResults(
      pages.map((p) => ({
        title: p.name,
        url: p.url,
        content: p.summary || p.snippet,
        siteName: p.siteName,
        // Bocha's docs: dateLastCrawled actually carries the publication time.
        publishedAt: p.datePublished || p.dateLastCrawled,
      })),
      limit,
    );
  }
}
