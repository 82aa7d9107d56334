import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import {
  createStockSources,
  PEXELS_LICENCE,
  PexelsSource,
  PIXABAY_LICENCE,
  PixabaySource,
  type StockHit,
  type StockLogger,
  type StockSource,
  searchStock,
} from '../../src/images/stock/index.js';
import { TtlCache } from '../../src/images/stock/ttl-cache.js';

/*
 * Fake Pixabay and Pexels APIs on 127.0.0.1, each recording its requests; a test sets how each
 * answers. The clock of the cache and the limiter is a variable the tests move.
 */
interface Seen {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}
type Reply = (req: Seen, res: http.ServerResponse) => void;
interface FakeApi {
  base: string;
  seen: Seen[];
  reply: Reply;
  server: http.Server;
}

const PIXABAY_KEY = '48213977-5f0c2ab1e9d4c7f3a6b8d2e10';
const PEXELS_KEY = 'Zp9QkLx2mW7vRt4sYb8nC3dF6gH1jK5aE0uI2oPq3rSt6uVw';

async function startFake(pathPrefix: string): Promise<FakeApi> {
  const fake = { seen: [] as Seen[], reply: (() => {}) as Reply } as FakeApi;
  fake.server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const entry = { path: url.pathname, query: url.searchParams, headers: req.headers };
    fake.seen.push(entry);
    fake.reply(entry, res);
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}${pathPrefix}`;
  return fake;
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Reply =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

const pixabayHit = (n: number, extra: Record<string, unknown> = {}) => ({
  id: 1000 + n,
  pageURL: `https://pixabay.com/photos/tea-${1000 + n}/`,
  type: 'photo',
  tags: `茶, 茶园, 春天${n}`,
  previewURL: `https://cdn.pixabay.com/photo/tea-${n}_150.jpg`,
  webformatURL: `https://pixabay.com/get/tea-${n}_640.jpg`,
  largeImageURL: `https://pixabay.com/get/tea-${n}_1280.jpg`,
  imageWidth: 4000,
  imageHeight: 2667,
  user_id: 77,
  user: 'LiMing',
  ...extra,
});
const pixabayAnswer = (count: number) => ({ total: 500, totalHits: 500, hits: Array.from({ length: count }, (_, i) => pixabayHit(i + 1)) });

const pexelsPhoto = (n: number, extra: Record<string, unknown> = {}) => ({
  id: 2000 + n,
  width: 3000,
  height: 2000,
  url: `https://www.pexels.com/photo/tea-garden-${2000 + n}/`,
  photographer: 'Anna Wang',
  photographer_url: 'https://www.pexels.com/@anna',
  alt: `Tea garden in spring ${n}`,
  src: {
    original: `https://images.pexels.com/photos/${2000 + n}/a.jpeg`,
    large2x: `https://images.pexels.com/photos/${2000 + n}/a.jpeg?dpr=2&h=650&w=940`,
    large: `https://images.pexels.com/photos/${2000 + n}/a.jpeg?h=650&w=940`,
    medium: `https://images.pexels.com/photos/${2000 + n}/a.jpeg?h=350`,
  },
  ...extra,
});
const pexelsAnswer = (count: number) => ({ page: 1, per_page: count, total_results: 80, photos: Array.from({ length: count }, (_, i) => pexelsPhoto(i + 1)) });

let pixabayApi: FakeApi;
let pexelsApi: FakeApi;
let clock = Date.UTC(2026, 10, 26, 8);
const now = () => clock;
const warnings: Record<string, unknown>[] = [];
const logger: StockLogger = { warn: (details, message) => warnings.push({ ...details, message }) };

beforeAll(async () => {
  pixabayApi = await startFake('/api/');
  pexelsApi = await startFake('/v1');
});
afterAll(async () => {
  for (const fake of [pixabayApi, pexelsApi]) {
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  }
});
beforeEach(() => {
  clock = Date.UTC(2026, 10, 26, 8);
  warnings.length = 0;
  pixabayApi.seen = [];
  pexelsApi.seen = [];
  pixabayApi.reply = json(pixabayAnswer(5));
  pexelsApi.reply = json(pexelsAnswer(5));
});

const pixabay = (extra: { timeoutMs?: number } = {}) => new PixabaySource({ apiKey: PIXABAY_KEY, baseUrl: pixabayApi.base, now, ...extra });
const pexels = (extra: { timeoutMs?: number } = {}) => new PexelsSource({ apiKey: PEXELS_KEY, baseUrl: pexelsApi.base, now, ...extra });

function expectNoKeys(value: unknown) {
  const text = JSON.stringify(value, (_k, v) => (v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v));
  for (const key of [PIXABAY_KEY, PEXELS_KEY]) expect(text).not.toContain(key);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('PixabaySource', () => {
  it('sends the key, the Chinese query and the filters, and maps the hits with licence and attribution', async () => {
    const hits = await pixabay().search('  春天的  茶园 ', 4);
    expect(pixabayApi.seen).toHaveLength(1);
    const { path, query } = pixabayApi.seen[0]!;
    expect(path).toBe('/api/');
    expect(Object.fromEntries(query)).toEqual({ key: PIXABAY_KEY, q: '春天的 茶园', lang: 'zh', image_type: 'photo', safesearch: 'true', per_page: '4' });
    expect(hits).toHaveLength(4);
    expect(hits[0]).toEqual<StockHit>({
      id: '1001',
      source: 'pixabay',
      previewUrl: 'https://pixabay.com/get/tea-1_640.jpg',
      imageUrl: 'https://pixabay.com/get/tea-1_1280.jpg',
      caption: '茶, 茶园, 春天1',
      width: 4000,
      height: 2667,
      licence: PIXABAY_LICENCE,
      attribution: 'Pixabay · LiMing',
      pageUrl: 'https://pixabay.com/photos/tea-1001/',
    });
    expect(PIXABAY_LICENCE).toBe('Pixabay Content License');
  });

  it('asks for at least 3 (Pixabay refuses fewer) and returns what was asked for; drops hits without a usable picture', async () => {
    pixabayApi.reply = json({ hits: [pixabayHit(1, { largeImageURL: 'javascript:alert(1)', webformatURL: undefined }), pixabayHit(2), pixabayHit(3, { id: undefined }), pixabayHit(4)] });
    const hits = await pixabay().search('茶', 1);
    expect(pixabayApi.seen[0]!.query.get('per_page')).toBe('3');
    expect(hits.map((h) => h.id)).toEqual(['1002']);
    expect(await pixabay().search('   ', 5)).toEqual([]);
    expect(await pixabay().search('茶', 0)).toEqual([]);
    expect(pixabayApi.seen).toHaveLength(1);
  });

  it('caches an answer for 24 hours per (query, limit), bounded', async () => {
    const source = pixabay();
    const first = await source.search('茶园', 5);
    clock += 23 * 3600_000;
    expect(await source.search('茶园', 5)).toEqual(first);
    expect(pixabayApi.seen).toHaveLength(1);
    await source.search('茶园', 3);
    expect(pixabayApi.seen).toHaveLength(2);
    clock += 3600_000;
    await source.search('茶园', 5);
    expect(pixabayApi.seen).toHaveLength(3);

    // A failure is not cached: the next search asks again.
    pixabayApi.reply = json({ error: 'boom' }, 500);
    await rejection(source.search('绿茶', 5));
    pixabayApi.reply = json(pixabayAnswer(2));
    expect(await source.search('绿茶', 5)).toHaveLength(2);
    expect(pixabayApi.seen).toHaveLength(5);

    const small = new PixabaySource({ apiKey: PIXABAY_KEY, baseUrl: pixabayApi.base, now, cacheEntries: 2 });
    for (const q of ['一', '二', '三', '一']) await small.search(q, 5);
    expect(pixabayApi.seen.map((s) => s.query.get('q')).slice(5)).toEqual(['一', '二', '三', '一']);
  });

  it('skips itself after 100 requests in 60 s without calling the API, and recovers when the window slides', async () => {
    const source = pixabay();
    for (let i = 0; i < 100; i++) await source.search(`茶${i}`, 3);
    expect(pixabayApi.seen).toHaveLength(100);
    const error = await rejection(source.search('茶-101', 3));
    expect(error).toMatchObject({ name: 'StockError', code: 'rate_limited', source: 'pixabay' });
    expect(pixabayApi.seen).toHaveLength(100);
    // A cached answer costs no request and is still served.
    expect(await source.search('茶7', 3)).toHaveLength(3);

    const hits = await searchStock([source, pexels()], '茶-102', 4, undefined, { logger });
    expect(hits.every((h) => h.source === 'pexels')).toBe(true);
    expect(hits).toHaveLength(4);
    expect(pixabayApi.seen).toHaveLength(100);
    expect(warnings).toEqual([expect.objectContaining({ source: 'pixabay', reason: 'rate_limited', message: 'stock source skipped' })]);

    clock += 60_001;
    await source.search('茶-103', 3);
    expect(pixabayApi.seen).toHaveLength(101);
  });

  it('stops asking when Pixabay answers 429, until its reset', async () => {
    const source = pixabay();
    pixabayApi.reply = json({}, 429, { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' });
    expect(await rejection(source.search('茶', 3))).toMatchObject({ code: 'rate_limited', status: 429 });
    pixabayApi.reply = json(pixabayAnswer(3));
    expect(await rejection(source.search('茶', 3))).toMatchObject({ code: 'rate_limited' });
    expect(pixabayApi.seen).toHaveLength(1);
    clock += 30_000;
    expect(await source.search('茶', 3)).toHaveLength(3);
  });
});

describe('PexelsSource', () => {
  it('sends the key as Authorization, the query, per_page and locale, and credits the photographer', async () => {
    const hits = await pexels().search('tea garden 茶园', 3);
    expect(pexelsApi.seen).toHaveLength(1);
    const { path, query, headers } = pexelsApi.seen[0]!;
    expect(path).toBe('/v1/search');
    expect(headers.authorization).toBe(PEXELS_KEY);
    expect(Object.fromEntries(query)).toEqual({ query: 'tea garden 茶园', per_page: '3', locale: 'zh-CN' });
    expect(hits).toHaveLength(3);
    expect(hits[0]).toEqual<StockHit>({
      id: '2001',
      source: 'pexels',
      previewUrl: 'https://images.pexels.com/photos/2001/a.jpeg?h=350',
      imageUrl: 'https://images.pexels.com/photos/2001/a.jpeg?dpr=2&h=650&w=940',
      caption: 'Tea garden in spring 1',
      width: 3000,
      height: 2000,
      licence: PEXELS_LICENCE,
      attribution: 'Anna Wang / Pexels',
      pageUrl: 'https://www.pexels.com/photo/tea-garden-2001/',
    });
    expect(PEXELS_LICENCE).toBe('Pexels License');
    expect(pexelsApi.seen[0]!.query.has('key')).toBe(false);
  });

  it('allows 200 requests an hour and caches for 24 hours', async () => {
    const source = pexels();
    for (let i = 0; i < 200; i++) await source.search(`茶${i}`, 2);
    expect(pexelsApi.seen).toHaveLength(200);
    expect(await rejection(source.search('茶-201', 2))).toMatchObject({ code: 'rate_limited', source: 'pexels' });
    expect(pexelsApi.seen).toHaveLength(200);
    clock += 3600_000;
    await source.search('茶-201', 2);
    expect(pexelsApi.seen).toHaveLength(201);
    clock += 20 * 3600_000;
    expect(await source.search('茶0', 2)).toHaveLength(2);
    expect(pexelsApi.seen).toHaveLength(201);
    clock += 3 * 3600_000;
    await source.search('茶0', 2);
    expect(pexelsApi.seen).toHaveLength(202);
  });
});

describe('searchStock', () => {
  it('asks every source in parallel and interleaves their hits fairly', async () => {
    const hits = await searchStock([pixabay(), pexels()], '茶园', 5);
    expect(hits.map((h) => `${h.source}:${h.id}`)).toEqual(['pixabay:1001', 'pexels:2001', 'pixabay:1002', 'pexels:2002', 'pixabay:1003']);
    pixabayApi.reply = json(pixabayAnswer(1));
    const uneven = await searchStock([pixabay(), pexels()], '红茶', 4);
    expect(uneven.map((h) => `${h.source}:${h.id}`)).toEqual(['pixabay:1001', 'pexels:2001', 'pexels:2002', 'pexels:2003']);
    expect(await searchStock([], '茶', 5)).toEqual([]);
  });

  it.each([
    ['HTTP 500', json({ error: 'internal' }, 500), 'http'],
    ['malformed JSON', ((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hits": [')) as Reply, 'bad_response'],
    ['an answer without hits', json({ message: 'maintenance' }), 'bad_response'],
    ['a bad key (echoed back)', ((req, res) => res.writeHead(400).end(`[ERROR 400] Invalid API key ${req.query.get('key')}`)) as Reply, 'http'],
  ])('skips Pixabay on %s and returns the Pexels hits', async (_name, reply, reason) => {
    pixabayApi.reply = reply;
    const hits = await searchStock([pixabay(), pexels()], '茶园', 3, undefined, { logger });
    expect(hits.map((h) => h.source)).toEqual(['pexels', 'pexels', 'pexels']);
    expect(warnings).toEqual([expect.objectContaining({ source: 'pixabay', reason })]);
    expectNoKeys(warnings);
  });

  it('skips a source slower than the timeout, without waiting for it', async () => {
    pexelsApi.reply = (_req, res) => {
      const timer = setTimeout(() => json(pexelsAnswer(3))(_req, res), 5000);
      res.on('close', () => clearTimeout(timer));
    };
    const started = Date.now();
    const hits = await searchStock([pixabay(), pexels()], '茶园', 3, undefined, { logger, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hits.map((h) => h.source)).toEqual(['pixabay', 'pixabay', 'pixabay']);
    expect(warnings).toEqual([expect.objectContaining({ source: 'pexels', reason: 'timeout' })]);
  });

  it('skips a source that ignores its signal once the timeout passes', async () => {
    const stuck: StockSource = { name: 'pexels', search: () => new Promise(() => {}) };
    const hits = await searchStock([stuck, pixabay()], '茶园', 2, undefined, { logger, timeoutMs: 100 });
    expect(hits.map((h) => h.source)).toEqual(['pixabay', 'pixabay']);
    expect(warnings).toEqual([expect.objectContaining({ source: 'pexels', reason: 'timeout' })]);
  });

  it("rejects only for the caller's own abort", async () => {
    pixabayApi.reply = () => {};
    const controller = new AbortController();
    const pending = searchStock([pixabay()], '茶园', 2, controller.signal, { logger });
    setTimeout(() => controller.abort(new Error('user left')), 50);
    expect((await rejection(pending)).message).toBe('user left');
    expect(warnings).toEqual([]);
  });

  it('puts no key in any error: refused connection, timeout, HTTP errors', async () => {
    const closed = await startFake('/');
    const deadBase = closed.base;
    await new Promise((resolve) => closed.server.close(resolve));
    const errors: Error[] = [];
    errors.push(await rejection(new PixabaySource({ apiKey: PIXABAY_KEY, baseUrl: deadBase, now }).search('茶', 3)));
    errors.push(await rejection(new PexelsSource({ apiKey: PEXELS_KEY, baseUrl: deadBase, now }).search('茶', 3)));
    pixabayApi.reply = () => {};
    pexelsApi.reply = (req, res) => res.writeHead(401).end(`{"error":"bad key ${req.headers.authorization}"}`);
    errors.push(await rejection(pixabay({ timeoutMs: 200 }).search('茶', 3)));
    errors.push(await rejection(pexels().search('茶', 3)));
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['unreachable', 'unreachable', 'timeout', 'http']);
    expect(errors[3]!.message).toContain('bad key ***');
    expectNoKeys(errors);
  });
});

describe('createStockSources', () => {
  it('creates only the configured sources, with the configured bases', async () => {
    expect(createStockSources(loadConfig({}))).toEqual([]);
    const config = loadConfig({ PIXABAY_API_KEY: PIXABAY_KEY, PIXABAY_API_BASE: pixabayApi.base, PEXELS_API_KEY: PEXELS_KEY, PEXELS_API_BASE: pexelsApi.base });
    expect(config.stock).toEqual({ pixabay: { apiKey: PIXABAY_KEY, baseUrl: pixabayApi.base }, pexels: { apiKey: PEXELS_KEY, baseUrl: pexelsApi.base } });
    const sources = createStockSources(config, { now });
    expect(sources.map((s) => s.name)).toEqual(['pixabay', 'pexels']);
    expect(await searchStock(sources, '茶园', 2)).toHaveLength(2);
    expect(pixabayApi.seen).toHaveLength(1);
    expect(pexelsApi.seen).toHaveLength(1);

    expect(createStockSources(loadConfig({ PEXELS_API_KEY: PEXELS_KEY })).map((s) => s.name)).toEqual(['pexels']);
    expect(loadConfig({ PEXELS_API_KEY: PEXELS_KEY }).stock.pexels?.baseUrl).toBe('https://api.pexels.com/v1');
    expect(loadConfig({ PIXABAY_API_KEY: PIXABAY_KEY }).stock.pixabay?.baseUrl).toBe('https://pixabay.com/api/');
    expect(() => loadConfig({ PIXABAY_API_BASE: 'ftp://example.com' })).toThrow(/PIXABAY_API_BASE/);
  });

  it("accepts the server's logger", () => {
    const fastifyLogger = null as unknown as FastifyBaseLogger;
    const asStockLogger: StockLogger | null = fastifyLogger;
    expect(asStockLogger).toBeNull();
  });
});

describe('TtlCache', () => {
  it('evicts the least recently used entry first', () => {
    const cache = new TtlCache<number>(1000, 2, now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});
