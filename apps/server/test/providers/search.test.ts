import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BochaSearch } from '../../src/providers/search/bocha.js';
import { createSearchPort } from '../../src/providers/search/registry.js';
import { SearchError } from '../../src/providers/search/search-port.js';
import { SearxngSearch } from '../../src/providers/search/searxng.js';
import { TavilySearch } from '../../src/providers/search/tavily.js';

/** A fake search API on 127.0.0.1: records each request; the test sets the answer. */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
let seen: Seen[] = [];
let reply: (req: Seen, res: http.ServerResponse) => void = (_req, res) => res.writeHead(500).end();
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const entry = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const json = (status: number, body: unknown) => (_req: Seen, res: http.ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function searchError(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

const BOCHA_KEY = 'sk-bocha-secret-123';
const bochaPage = (n: number, extra: Record<string, unknown> = {}) => ({
  id: null,
  name: `比亚迪第${n}季度<em>销量</em>报告`,
  url: `https://news.example.com/${n}`,
  displayUrl: `https://news.example.com/${n}`,
  snippet: `片段${n}`,
  summary: `摘要${n}：新能源汽车&nbsp;销量&amp;增长 &lt;b&gt;`,
  siteName: '新闻网',
  siteIcon: 'https://th.bochaai.com/favicon',
  dateLastCrawled: '2025-02-23T08:18:30Z',
  ...extra,
});

describe('BochaSearch', () => {
  const bocha = () => new BochaSearch({ apiKey: BOCHA_KEY, baseUrl: base, timeoutMs: 2000 });

  it('posts the query with the key and parses webPages', async () => {
    reply = json(200, {
      code: 200,
      log_id: 'd71841ad20095f61',
      msg: null,
      data: {
        _type: 'SearchResponse',
        queryContext: { originalQuery: '新能源汽车' },
        webPages: {
          totalEstimatedMatches: 8912791,
          value: [
            bochaPage(1, { datePublished: '2025-01-02T00:00:00Z' }),
            bochaPage(1, { url: 'https://news.example.com/1#comments' }),
            bochaPage(2, { url: 'javascript:alert(1)' }),
            bochaPage(3, { summary: '', snippet: '<b>只有</b>片段' }),
            bochaPage(4),
            bochaPage(5),
          ],
        },
      },
    });
    const results = await bocha().search('新能源汽车', { limit: 3 });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/web-search', body: { query: '新能源汽车', summary: true, count: 3, freshness: 'noLimit' } });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${BOCHA_KEY}`);
    expect(results).toEqual([
      { title: '比亚迪第1季度销量报告', url: 'https://news.example.com/1', content: '摘要1：新能源汽车 销量&增长 <b>', siteName: '新闻网', publishedAt: '2025-01-02T00:00:00Z' },
      { title: '比亚迪第3季度销量报告', url: 'https://news.example.com/3', content: '只有片段', siteName: '新闻网', publishedAt: '2025-02-23T08:18:30Z' },
      expect.objectContaining({ url: 'https://news.example.com/4' }),
    ]);
  });

  it('turns an HTTP error into a SearchError without the key', async () => {
    reply = json(401, { code: '401', message: `Invalid API KEY ${BOCHA_KEY}`, log_id: 'x' });
    const error = await searchError(bocha().search('测试'));
    expect(error).toMatchObject({ provider: 'bocha', status: 401 });
    expect(error.message).toContain('401');
    expect(error.message).not.toContain(BOCHA_KEY);
  });

  it('treats a failure code inside a 200 answer as an error', async () => {
    reply = json(200, { code: 403, msg: 'You do not have enough money', data: null });
    expect((await searchError(bocha().search('测试'))).message).toContain('enough money');
  });

  it('times out', async () => {
    reply = () => {};
    const started = Date.now();
    const error = await searchError(new BochaSearch({ apiKey: BOCHA_KEY, baseUrl: base, timeoutMs: 200 }).search('测试'));
    expect(error.message).toContain('超时');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a non-JSON answer', async () => {
    reply = (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
    expect((await searchError(bocha().search('测试'))).message).toContain('JSON');
  });
});

describe('TavilySearch', () => {
  const KEY = 'tvly-secret-456';
  const tavily = () => new TavilySearch({ apiKey: KEY, baseUrl: base, timeoutMs: 2000 });

  it('posts the documented body and maps results', async () => {
    reply = json(200, {
      query: 'AI 写作',
      answer: null,
      images: [],
      results: [
        { title: 'AI 写作工具 &amp; 平台', url: 'https://a.example.com/x', content: '<p>正文 A</p>', score: 0.9, raw_content: null, published_date: 'Mon, 03 Mar 2025 08:00:00 GMT' },
        { title: 'B', url: 'https://a.example.com/x/', content: '重复', score: 0.8 },
        { title: 'C', url: 'ftp://files.example.com/c', content: 'ftp', score: 0.7 },
        { title: 'D', url: 'https://d.example.com/', content: '正文 D', score: 0.6 },
      ],
      response_time: 1.2,
    });
    const results = await tavily().search('AI 写作', { limit: 5 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/search',
      body: { query: 'AI 写作', max_results: 5, search_depth: 'basic', include_answer: false, api_key: KEY },
    });
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(results).toEqual([
      { title: 'AI 写作工具 & 平台', url: 'https://a.example.com/x', content: '正文 A', publishedAt: 'Mon, 03 Mar 2025 08:00:00 GMT' },
      { title: 'D', url: 'https://d.example.com/', content: '正文 D' },
    ]);
  });

  it('reports a quota error with its status, without the key', async () => {
    reply = json(432, { detail: { error: `This request exceeds your plan's set usage limit (key ${KEY})` } });
    const error = await searchError(tavily().search('测试'));
    expect(error).toMatchObject({ provider: 'tavily', status: 432 });
    expect(error.message).toContain('usage limit');
    expect(error.message).not.toContain(KEY);
  });
});

describe('SearxngSearch', () => {
  const results = Array.from({ length: 12 }, (_, i) => ({
    url: `https://site${i}.example.org/post`,
    title: `结果 ${i}`,
    content: `内容 <span class="highlight">${i}</span>`,
    engine: 'bing',
    publishedDate: i === 0 ? '2025-03-01T00:00:00' : null,
  }));

  it('gets /search as JSON with basic auth taken from the base URL, capped at the default limit', async () => {
    reply = json(200, { query: '天马', number_of_results: 0, results, answers: [], unresponsive_engines: [] });
    const searx = new SearxngSearch({ baseUrl: base.replace('http://', 'http://reader:p%40ss@'), timeoutMs: 2000 });
    const found = await searx.search('天马 写作');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/search' });
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ q: '天马 写作', format: 'json', language: 'zh-CN', pageno: '1' });
    expect(seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from('reader:p@ss').toString('base64')}`);
    expect(found).toHaveLength(8);
    expect(found[0]).toEqual({ title: '结果 0', url: 'https://site0.example.org/post', content: '内容 0', publishedAt: '2025-03-01T00:00:00' });
    expect(found[1]).not.toHaveProperty('publishedAt');
  });

  it('sends a header token and explains a disabled JSON format', async () => {
    reply = (_req, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('<h1>403 Forbidden</h1>');
    const searx = new SearxngSearch({ baseUrl: `${base}/`, apiKey: 'searx-token-789', apiKeyHeader: 'X-Api-Key', timeoutMs: 2000 });
    const error = await searchError(searx.search('测试', { limit: 2 }));
    expect(seen[0]?.headers['x-api-key']).toBe('searx-token-789');
    expect(error).toMatchObject({ status: 403 });
    expect(error.message).toContain('settings.yml');
    expect(error.message).not.toContain('searx-token-789');
  });

  it('reports an unreachable instance as a SearchError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await searchError(new SearxngSearch({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 }).search('测试'));
    expect(error.message).toContain('无法连接');
  });
});

describe('createSearchPort', () => {
  it('is null when no provider is configured', () => {
    expect(createSearchPort({})).toBeNull();
  });

  it('builds the named adapter and refuses a missing key or URL', () => {
    expect(createSearchPort({ provider: 'bocha', apiKey: 'k' })?.name).toBe('bocha');
    expect(createSearchPort({ provider: 'tavily', apiKey: 'k' })?.name).toBe('tavily');
    expect(createSearchPort({ provider: 'searxng', baseUrl: 'https://searx.example.org' })?.name).toBe('searxng');
    expect(() => createSearchPort({ provider: 'bocha' })).toThrow(/API key/);
    expect(() => createSearchPort({ provider: 'searxng' })).toThrow(/base URL/);
  });

  it('passes a caller abort through', async () => {
    reply = () => {};
    const controller = new AbortController();
    const pending = createSearchPort({ provider: 'tavily', apiKey: 'k', baseUrl: base })?.search('测试', { signal: controller.signal });
    controller.abort(new Error('task cancelled'));
    await expect(pending).rejects.toThrow('task cancelled');
  });
});
