import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHash } from '../../src/platform/http/security-headers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { policyOf } from '../helpers/csp.js';
import { createOrderViaHttp, signedInUser } from '../helpers/billing.js';


function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-request-id']).toBeTruthy();
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers over plain http (the embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the app a strict policy: own scripts only (plus the WeChat SDK), no inline code, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/create' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com']);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // The app frames only its own pages (the WeChat layout preview).
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
    }
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers with the share page, which keeps its link-preview tags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/shared/article/no-such-article' });
    expect(res.statusCode).toBe(404);
    expectCommonHeaders(res.headers);
    expect(policyOf(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'", 'https://res.wx.qq.com']);
    expect(res.body).toContain('<meta property="og:title"');
  });

  it('sends them with API answers and errors', async () => {
    for (const url of ['/api/v1/system/status', '/api/account/user/me', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectCommonHeaders(res.headers);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('serves stored pictures readable by other sites (pasted articles) but never as a document that runs anything', async () => {
    await t.app.storage.put('articles/headers-test.png', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
    const res = await t.app.inject({ method: 'GET', url: '/media/articles/headers-test.png' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('keeps the app itself same-origin for cross-origin reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("gives the sandbox payment page and the dev outbox a policy naming their own style by hash, and no inline script", async () => {
    const { cookie } = await signedInUser(t);
    const { outTradeNo } = (await createOrderViaHttp(t, cookie, 2000, 0)).json();
    expect(outTradeNo).toBeTruthy();
    for (const url of [`/pay/sandbox/${outTradeNo}`, '/dev/outbox']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res.headers);
      const policy = policyOf(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1];
      expect(style).toBeTruthy();
      expect(policy.get('style-src')).toEqual([inlineHash(style as string)]);
      expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    }
    const script = await t.app.inject({ method: 'GET', url: '/pay/sandbox/confirm.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('/confirm');
  });
});

describe('security headers when the site is served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://tianma.example',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_REGION: 'oss-cn-hangzhou',
      S3_BUCKET: 'tianma',
      S3_ACCESS_KEY_ID: 'test-key-id',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    });
  });
  afterAll(() => t.close());

  it('adds HSTS, upgrades insecure requests and allows pictures from the storage host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://oss-cn-hangzhou.aliyuncs.com']);
  });
});

describe('security headers with stock picture sources configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PIXABAY_API_KEY: 'pixabay-key', PEXELS_API_KEY: 'pexels-key' });
  });
  afterAll(() => t.close());

  it('allows pictures from their image hosts (the search shows their thumbnails), and nothing else new', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const policy = policyOf(res.headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://pixabay.com', 'https://cdn.pixabay.com', 'https://images.pexels.com']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });
});
