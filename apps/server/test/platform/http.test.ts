import { APP_ROUTES } from '@tianma/shared';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://tianma.example' });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(kept.headers['x-request-id']).toBe('proxy-req-12345');
    const refused = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(refused.headers['x-request-id']).not.toBe('bad id\n');
  });
});

describe('serving the web app', () => {
  // The shared-article page answers 404 for an unknown id (test/articles/shared-article.test.ts).
  const concrete = APP_ROUTES.filter((route) => !route.path.includes(':articleId')).map((route) => route.path);

  it.each(concrete)('serves the app for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps the query string routes working', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay?type=custom&amount=1000' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/nope', '/pricing/extra', '/shared/article/', '/index.php?x=1'])('redirects %s to /', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('sends the compressed copy of an asset the browser accepts, the plain one otherwise', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log("app")');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves hashed assets with long caching and 404s a missing one', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/old-999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers unknown API paths with JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: '接口不存在', code: 'NOT_FOUND' });
    }
  });
});

describe('bad input and foreign origins', () => {
  it('refuses state-changing calls from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/anything',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: '请求来源不被允许' });
  });

  it('lets our own origin through to routing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/anything',
      headers: { origin: 'https://tianma.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
