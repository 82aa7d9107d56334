/** The web-search port: Bocha, Tavily or SearXNG; none by default (the pipeline says search was skipped). */
export interface SearchResult {
  title: string;
  url: string;
  /** The snippet or extracted text, plain. */
  content: string;
  siteName?: string;
  publishedAt?: string;
}

export interface SearchOptions {
  /** At most this many results (default 8). */
  limit?: number;
  signal?: AbortSignal;
}

export interface SearchPort {
  readonly name: 'bocha' | 'tavily' | 'searxng';
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
}

export class SearchError extends Error {
  override name = 'SearchError';
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}
