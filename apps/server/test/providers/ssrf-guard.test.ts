import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeBody, SafeFetchError, type SafeFetchOptions, safeFetch } from '../../src/providers/http/safe-fetch.js';
import { checkUrl, isBlockedHostname, isPublicAddress, type Resolver } from '../../src/providers/http/ssrf-guard.js';

const REFUSED = [
  '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.100.100.200', '100.127.255.255',
  '127.0.0.1', '127.255.255.254', '169.254.169.254', '169.254.0.23', '172.16.0.1', '172.31.255.255',
  '192.0.0.170', '192.0.2.1', '192.88.99.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '198.51.100.7',
  '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
  '::', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254',
  '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '::127.0.0.1', 'fc00::1', 'fd00:ec2::254', 'fe80::1',
  'fe80::1%eth0', 'febf::1', 'ff02::1', 'ff00::', '100::1', '2001:db8::1', '2001::1', '2002:7f00:1::1', '3fff::1',
  'example.com', '', '1.2.3', '256.1.1.1', '01.02.03.04', 'not-an-ip',
];
const ALLOWED = [
  '8.8.8.8', '1.1.1.1', '114.114.114.114', '223.5.5.5', '100.63.255.255', '100.128.0.0', '169.253.255.255',
  '172.15.255.255', '172.32.0.0', '192.167.255.255', '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2606:4700::1111', '2001:4860:4860::8888', '2400:3200::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1',
];

describe('isPublicAddress', () => {
  it.each(REFUSED)('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(ALLOWED)('allows %s', (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe('isBlockedHostname', () => {
  it.each(['localhost', 'LOCALHOST.', 'app.localhost', 'metadata', 'metadata.google.internal', 'printer.local', 'intranet'])(
    'refuses %s',
    (name) => expect(isBlockedHostname(name)).toBe(true),
  );
  it.each(['example.com', 'news.qq.com', 'www.gov.cn', '8.8.8.8'])('allows %s', (name) => expect(isBlockedHostname(name)).toBe(false));
});

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('checkUrl', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'gopher://example.com/', 'data:text/html,hi', 'not a url'])(
    'refuses %s as BAD_URL',
    async (url) => expect((await refusal(checkUrl(url))).code).toBe('BAD_URL'),
  );

  it('refuses credentials in the URL', async () => {
    const error = await refusal(checkUrl('http://user:pass@example.com/'));
    expect(error).toMatchObject({ code: 'BAD_URL', userMessage: '链接中不能包含用户名或密码' });
    expect((await refusal(checkUrl('ftp://example.com'))).userMessage).toBe('仅支持 http 和 https 链接');
  });

  it.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://127.1/', 'http://[::1]/',
    'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest/meta-data/', 'http://100.100.100.200/latest/meta-data/',
    'http://0.0.0.0:8080/', 'http://localhost:3000/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://[fd00:ec2::254]/',
  ])('refuses %s as BLOCKED_ADDRESS without asking DNS', async (url) => {
    let asked = 0;
    const resolve: Resolver = async () => {
      asked++;
      return [{ address: '8.8.8.8', family: 4 }];
    };
    const error = await refusal(checkUrl(url, { resolve }));
    expect(error).toMatchObject({ code: 'BLOCKED_ADDRESS', userMessage: '该地址指向内网或保留地址，出于安全原因无法访问' });
    expect(asked).toBe(0);
  });

  it('needs every resolved address to be public, on any port', async () => {
    const mixed: Resolver = async () => [{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.1', family: 4 }];
    expect((await refusal(checkUrl('https://news.example.com/', { resolve: mixed }))).code).toBe('BLOCKED_ADDRESS');
    const v6: Resolver = async () => [{ address: '2606:4700::1111', family: 6 }, { address: 'fe80::1', family: 6 }];
    expect((await refusal(checkUrl('https://news.example.com/', { resolve: v6 }))).code).toBe('BLOCKED_ADDRESS');
    const good: Resolver = async () => [{ address: '1.1.1.1', family: 4 }, { address: '2606:4700::1111', family: 6 }];
    const checked = await checkUrl('https://news.example.com:8443/a?b=1', { resolve: good });
    expect(checked.addresses).toHaveLength(2);
    expect((await checkUrl('http://8.8.8.8:6379/')).addresses).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('reports a failed DNS lookup as NETWORK', async () => {
    const failing: Resolver = async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    expect((await refusal(checkUrl('https://nowhere.example.com/', { resolve: failing }))).code).toBe('NETWORK');
  });
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
const seenHeaders = new Map<string, http.IncomingHttpHeaders>();
let server: http.Server;
let port = 0;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    seenHeaders.set(path, req.headers);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  routes.set('/page', (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>你好</p>'));
  routes.set('/to-internal', (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end());
  routes.set('/to-localhost', (_req, res) => res.writeHead(301, { location: `http://localhost:${port}/secret` }).end());
  routes.set('/to-v6', (_req, res) => res.writeHead(307, { location: `http://[::1]:${port}/secret` }).end());
  routes.set('/to-private-name', (_req, res) => res.writeHead(302, { location: `http://db.example.test:${port}/secret` }).end());
  routes.set('/to-mapped', (_req, res) => res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${port}/secret` }).end());
  routes.set('/to-decimal', (_req, res) => res.writeHead(302, { location: `http://2130706433:${port}/secret` }).end());
  routes.set('/to-metadata', (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
  routes.set('/to-loopback-name', (_req, res) => res.writeHead(302, { location: `http://loopback.example.test:${port}/secret` }).end());
  routes.set('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  routes.set('/to-gopher', (_req, res) => res.writeHead(302, { location: `gopher://127.0.0.1:${port}/_GET%20/secret` }).end());
  routes.set('/secret', (_req, res) => res.writeHead(200).end('secret'));
  routes.set('/hop', (_req, res) => res.writeHead(302, { location: '/page' }).end());
  routes.set('/to-other', (_req, res) => res.writeHead(302, { location: `http://other.example.test:${port}/echo` }).end());
  routes.set('/echo', (_req, res) => res.writeHead(200).end('ok'));
  routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  routes.set('/big', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < 6 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  routes.set('/declared-big', (_req, res) => res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).write('x'));
  routes.set('/bomb', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(6 * 1024 * 1024))));
  routes.set('/gzip', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' }).end(gzipSync('压缩的正文')));
  routes.set('/hang', () => {});
  routes.set('/stall', (_req, res) => res.writeHead(200).write('partial'));
  routes.set('/gbk', (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(Buffer.concat([Buffer.from('<html><head><meta charset="gbk"><title>'), Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), Buffer.from('</title>')])),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Maps the made-up *.example.test names to loopback, as if they were public hosts. */
function fakeDns(map: Record<string, string>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const address = map[hostname];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: 4 as const }];
  };
  return Object.assign(resolve, { calls });
}

describe('safeFetch', () => {
  it('refuses a loopback server by default and never connects', async () => {
    hits.delete('/page');
    expect((await refusal(safeFetch(`${base}/page`))).code).toBe('BLOCKED_ADDRESS');
    expect(hits.get('/page')).toBeUndefined();
  });

  it('fetches it with allowPrivate (tests only)', async () => {
    const res = await safeFetch(`${base}/page`, { allowPrivate: true });
    expect(res).toMatchObject({ status: 200, url: `${base}/page`, contentType: 'text/html; charset=utf-8' });
    expect(decodeBody(res.body, res.contentType)).toBe('<p>你好</p>');
  });

  it('connects only to the checked address, resolving once per hop', async () => {
    // *.example.test does not exist in real DNS: success means the socket used the pinned answer.
    const dns = fakeDns({ 'news.example.test': '127.0.0.1' });
    const res = await safeFetch(`http://news.example.test:${port}/hop`, { resolve: dns, allowPrivate: ['news.example.test'] });
    expect(res.url).toBe(`http://news.example.test:${port}/page`);
    expect(seenHeaders.get('/page')?.host).toBe(`news.example.test:${port}`);
    expect(dns.calls).toEqual(['news.example.test', 'news.example.test']);
  });

  it.each(['/to-internal', '/to-localhost', '/to-v6', '/to-private-name'])('refuses a redirect %s to a private address', async (path) => {
    hits.delete('/secret');
    const dns = fakeDns({ 'news.example.test': '127.0.0.1', 'db.example.test': '10.0.0.5' });
    const options: SafeFetchOptions = { resolve: dns, allowPrivate: ['news.example.test'] };
    expect((await refusal(safeFetch(`http://news.example.test:${port}${path}`, options))).code).toBe('BLOCKED_ADDRESS');
    expect(hits.get('/secret')).toBeUndefined();
  });

  it('drops credentials on a redirect to another origin', async () => {
    const dns = fakeDns({ 'news.example.test': '127.0.0.1', 'other.example.test': '127.0.0.1' });
    const options: SafeFetchOptions = { resolve: dns, allowPrivate: ['news.example.test', 'other.example.test'], headers: { Authorization: 'Bearer t', Cookie: 'a=b' } };
    await safeFetch(`http://news.example.test:${port}/to-other`, options);
    expect(seenHeaders.get('/to-other')?.authorization).toBe('Bearer t');
    expect(seenHeaders.get('/echo')?.authorization).toBeUndefined();
    expect(seenHeaders.get('/echo')?.cookie).toBeUndefined();
  });

  it('stops after maxRedirects', async () => {
    hits.delete('/loop');
    const error = await refusal(safeFetch(`${base}/loop`, { allowPrivate: true, maxRedirects: 3 }));
    expect(error).toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    expect(hits.get('/loop')).toBe(4);
  });

  it('aborts a 6 MB stream at the 5 MB limit, quickly', async () => {
    const started = Date.now();
    const error = await refusal(safeFetch(`${base}/big`, { allowPrivate: true }));
    expect(error).toMatchObject({ code: 'TOO_LARGE', userMessage: '网页内容过大（超过 5MB）' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await refusal(safeFetch(`${base}/declared-big`, { allowPrivate: true }))).code).toBe('TOO_LARGE');
    expect((await refusal(safeFetch(`${base}/bomb`, { allowPrivate: true }))).code).toBe('TOO_LARGE');
  });

  it('decompresses gzip', async () => {
    const res = await safeFetch(`${base}/gzip`, { allowPrivate: true });
    expect(decodeBody(res.body, res.contentType)).toBe('压缩的正文');
  });

  it('times out on a server that never answers or stalls mid-body', async () => {
    const started = Date.now();
    const error = await refusal(safeFetch(`${base}/hang`, { allowPrivate: true, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', userMessage: '访问网页超时' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await refusal(safeFetch(`${base}/stall`, { allowPrivate: true, timeoutMs: 300 }))).code).toBe('TIMEOUT');
  });

  it('turns an error status into HTTP_ERROR and a closed port into NETWORK', async () => {
    expect(await refusal(safeFetch(`${base}/missing`, { allowPrivate: true }))).toMatchObject({ code: 'HTTP_ERROR', status: 404 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await refusal(safeFetch(`http://127.0.0.1:${closedPort}/`, { allowPrivate: true }))).code).toBe('NETWORK');
  });

  it('passes the caller abort through', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${base}/hang`, { allowPrivate: true, signal: controller.signal });
    controller.abort(new Error('cancelled by the user'));
    await expect(pending).rejects.toThrow('cancelled by the user');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/', 'http://u:p@example.com/'])('refuses %s', async (url) => {
    expect((await refusal(safeFetch(url))).code).toBe('BAD_URL');
  });

  it.each(['http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://[::1]/', 'http://169.254.169.254/'])(
    'refuses %s',
    async (url) => expect((await refusal(safeFetch(url))).code).toBe('BLOCKED_ADDRESS'),
  );
});

/**
 * Issue 7's list, every item through safeFetch itself: refused, and nothing fetched. Three
 * witnesses: the loopback server's request count, http(s).request (every connection safeFetch
 * makes goes through it) and the resolver, which a literal address or a refused scheme never reaches.
 */
describe('safeFetch refuses internal targets before connecting', () => {
  let requests: ReturnType<typeof vi.spyOn>[] = [];
  const requestCount = () => requests.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  const serverHits = () => [...hits.values()].reduce((sum, n) => sum + n, 0);

  beforeEach(() => {
    hits.clear();
    // Spies that call through: they count, they change nothing.
    requests = [vi.spyOn(http, 'request'), vi.spyOn(https, 'request')];
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sees a request it lets through (the witnesses work)', async () => {
    const res = await safeFetch(`${base}/secret`, { allowPrivate: true });
    expect(res.body.toString()).toBe('secret');
    expect(requestCount()).toBe(1);
    expect(hits.get('/secret')).toBe(1);
  });

  // The loopback ones carry the test server's port: were the guard to let one through, it would be fetched.
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port}/secret`],
    ['localhost', () => `http://localhost:${port}/secret`],
    ['[::1]', () => `http://[::1]:${port}/secret`],
    ['10.x', () => 'http://10.0.0.1/'],
    ['172.16.x', () => 'http://172.16.0.1/'],
    ['172.31.x', () => 'http://172.31.255.254/'],
    ['192.168.x', () => 'http://192.168.1.1/'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['IPv4-mapped IPv6 of the metadata address', () => 'http://[::ffff:169.254.169.254]/'],
    ['decimal 2130706433', () => `http://2130706433:${port}/secret`],
    ['hex 0x7f000001', () => `http://0x7f000001:${port}/secret`],
    ['octal 0177.0.0.1', () => `http://0177.0.0.1:${port}/secret`],
    ['full-width １２７．０．０．１', () => `http://１２７．０．０．１:${port}/secret`],
    ['0.0.0.0', () => `http://0.0.0.0:${port}/secret`],
    ['[::]', () => `http://[::]:${port}/secret`],
  ])('refuses %s: BLOCKED_ADDRESS, no DNS, no request', async (_label, url) => {
    const dns = fakeDns({});
    expect((await refusal(safeFetch(url(), { resolve: dns }))).code).toBe('BLOCKED_ADDRESS');
    expect(dns.calls).toEqual([]);
    expect(requestCount()).toBe(0);
    expect(serverHits()).toBe(0);
  });

  it.each([
    ['loopback', { address: '127.0.0.1', family: 4 as const }],
    ['IPv6 loopback', { address: '::1', family: 6 as const }],
    ['a private address', { address: '192.168.0.10', family: 4 as const }],
    ['the metadata address', { address: '169.254.169.254', family: 4 as const }],
  ])('refuses a hostname resolving to %s after one lookup, with no request', async (_label, address) => {
    const calls: string[] = [];
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      return [address];
    };
    expect((await refusal(safeFetch(`http://loopback.example.test:${port}/secret`, { resolve }))).code).toBe('BLOCKED_ADDRESS');
    expect(calls).toEqual(['loopback.example.test']);
    expect(requestCount()).toBe(0);
    expect(serverHits()).toBe(0);
  });

  it('refuses a hostname when any one of its addresses is loopback (no round-robin through to it)', async () => {
    const resolve: Resolver = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect((await refusal(safeFetch(`http://mixed.example.test:${port}/secret`, { resolve }))).code).toBe('BLOCKED_ADDRESS');
    expect(requestCount()).toBe(0);
  });

  it.each([
    ['/to-internal', 'BLOCKED_ADDRESS'],
    ['/to-localhost', 'BLOCKED_ADDRESS'],
    ['/to-v6', 'BLOCKED_ADDRESS'],
    ['/to-mapped', 'BLOCKED_ADDRESS'],
    ['/to-decimal', 'BLOCKED_ADDRESS'],
    ['/to-metadata', 'BLOCKED_ADDRESS'],
    ['/to-loopback-name', 'BLOCKED_ADDRESS'],
    ['/to-file', 'BAD_URL'],
    ['/to-gopher', 'BAD_URL'],
  ])('follows no redirect %s: only the first hop is requested', async (path, code) => {
    // news.example.test stands for a public site (exempted); loopback.example.test is not.
    const dns = fakeDns({ 'news.example.test': '127.0.0.1', 'loopback.example.test': '127.0.0.1' });
    const options: SafeFetchOptions = { resolve: dns, allowPrivate: ['news.example.test'] };
    expect((await refusal(safeFetch(`http://news.example.test:${port}${path}`, options))).code).toBe(code);
    expect(requestCount()).toBe(1);
    expect(hits.get(path)).toBe(1);
    expect(hits.get('/secret')).toBeUndefined();
  });

  it.each(['file:///etc/passwd', 'file://localhost/etc/passwd', 'gopher://127.0.0.1:70/_GET%20/secret', 'gopher://example.com/1'])('refuses %s: BAD_URL, no DNS, no request', async (url) => {
    const dns = fakeDns({ 'example.com': '127.0.0.1' });
    const error = await refusal(safeFetch(url, { resolve: dns }));
    expect(error).toMatchObject({ code: 'BAD_URL', userMessage: '仅支持 http 和 https 链接' });
    expect(dns.calls).toEqual([]);
    expect(requestCount()).toBe(0);
  });

  it('refuses gopher: aimed at the loopback server itself', async () => {
    expect((await refusal(safeFetch(`gopher://127.0.0.1:${port}/_GET%20/secret`))).code).toBe('BAD_URL');
    expect(requestCount()).toBe(0);
    expect(serverHits()).toBe(0);
  });
});

describe('decodeBody', () => {
  const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4]); // 中文

  it('reads <meta charset="gbk">', () => {
    const page = Buffer.concat([Buffer.from('<html><head><meta charset="gbk"><title>'), gbk, Buffer.from('</title>')]);
    expect(decodeBody(page, 'text/html')).toContain('<title>中文</title>');
  });

  it('reads the http-equiv form and the header charset', () => {
    const meta = Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'), gbk]);
    expect(decodeBody(meta, null)).toContain('中文');
    expect(decodeBody(gbk, 'text/html; charset=GBK')).toBe('中文');
    expect(decodeBody(Buffer.from([0xa4, 0xa4, 0xa4, 0xe5]), 'text/html; charset="big5"')).toBe('中文');
  });

  it('honours a UTF-8 BOM and defaults to UTF-8', () => {
    expect(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('你好')]), 'text/html; charset=gbk')).toBe('你好');
    expect(decodeBody(Buffer.from('你好'), '')).toBe('你好');
    expect(decodeBody(Buffer.from('你好'), 'text/html; charset=no-such-charset')).toBe('你好');
  });

  it('decodes a fetched GBK page', async () => {
    const res = await safeFetch(`${base}/gbk`, { allowPrivate: true });
    expect(decodeBody(res.body, res.contentType)).toContain('中文');
  });
});
