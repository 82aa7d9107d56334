import { clampLimit, finishResults, requestJson, type SearchAdapterConfig, trimBaseUrl } from './search-common.js';
import type { SearchOptions, SearchPort, SearchResult } from './search-port.js';

export interface SearxngConfig extends SearchAdapterConfig {
  /** The instance, e.g. https://searx.example.com (user:password@ in it becomes basic auth). */
  baseUrl: string;
  basicAuth?: { username: string; password: string };
  /** Header that carries apiKey (default Authorization, sent as "Bearer KEY"). */
  apiKeyHeader?: string;
  language?: string;
}

interface SearxngResult {
  title?: string;
  url?: string;
  content?: string;
  publishedDate?: string | null;
}

/** A SearXNG instance's JSON API (GET /search?format=json; json must be enabled in settings.yml). */
export class SearxngSearch implements SearchPort {
  readonly name = 'searxng' as const;
  private readonly base: URL;
  private readonly headers: Record<string, string> = { accept: 'application/json' };
  private readonly secrets: (string | undefined)[];
  private readonly timeoutMs: number;
  private readonly language: string;

  constructor(config: SearxngConfig) {
    if (!config.baseUrl) throw new Error('SearXNG search needs a base URL');
    this.base = new URL(trimBaseUrl(config.baseUrl));
    // fetch refuses URLs with credentials, so they travel as a header instead.
    const auth = config.basicAuth ?? (this.base.username ? { username: decodeURIComponent(this.base.username), password: decodeURIComponent(this.base.password) } : undefined);
    this.base.username = '';
    this.base.password = '';
    if (auth) this.headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
    if (config.apiKey) {
      const header = (config.apiKeyHeader ?? 'authorization').toLowerCase();
      this.headers[header] = header === 'authorization' ? `Bearer ${config.apiKey}` : config.apiKey;
    }
    this.secrets = [config.apiKey, auth?.password];
    this.timeoutMs = config.timeoutMs ?? 15_000;
    this.language = config.language ?? 'zh-CN';
  }

  async search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    const limit = clampLimit(options.limit);
    const url = new URL(`${trimBaseUrl(this.base.href)}/search`);
    url.search = new URLSearchParams({ q: query, format: 'json', language: this.language, pageno: '1' }).toString();
    const json = (await requestJson({
      provider: this.name,
      url: url.href,
      init: { method: 'GET', headers: this.headers },
      timeoutMs: this.timeoutMs,
      signal: options.signal,
      secrets: this.secrets,
      hints: { 403: '该实例未开启 JSON 格式：在 settings.yml 的 search.formats 中加入 json', 429: '实例限流' },
    })) as { results?: SearxngResult[] };
    const results = Array.isArray(json.results) ? json.results : [];
    return finishResults(
      results.map((r) => ({ title: r.title, url: r.url, content: r.content, publishedAt: r.publishedDate ?? undefined })),
      limit,
    );
  }
}
