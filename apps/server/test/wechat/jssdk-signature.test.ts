import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { checkShareUrl, jsapiSignature, randomNonceStr, SHARE_URL_MAX_LENGTH, withoutFragment } from '../../src/wechat/jssdk-signature.js';

const SITE = 'https://tianma.example.com';

describe('the JS-SDK signature', () => {
  it('matches the test vector of WeChat’s documentation', () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('drops the fragment and keeps the rest byte for byte', () => {
    expect(withoutFragment('https://a.example/x?y=1#top')).toBe('https://a.example/x?y=1');
    expect(withoutFragment('https://a.example/x#a#b')).toBe('https://a.example/x');
    expect(withoutFragment('https://a.example/文章?q=%E4%B8%AD')).toBe('https://a.example/文章?q=%E4%B8%AD');
  });

  it('makes nonces of 16 letters and digits, different each time', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => randomNonceStr()));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe('which page URLs may be signed', () => {
  it('signs pages of our own host, minus the fragment', () => {
    expect(checkShareUrl(`${SITE}/shared/article/abc?from=timeline#section-2`, SITE)).toEqual({
      ok: true,
      url: `${SITE}/shared/article/abc?from=timeline`,
    });
    expect(checkShareUrl('http://TIANMA.example.com/x', SITE)).toMatchObject({ ok: true, url: 'http://TIANMA.example.com/x' });
  });

  it('refuses other hosts, other ports and look-alikes', () => {
    for (const url of [
      'https://evil.example.com/',
      'https://tianma.example.com.evil.example/',
      'https://tianma.example.com:8443/',
      'https://sub.tianma.example.com/',
    ]) {
      expect(checkShareUrl(url, SITE)).toEqual({ ok: false, reason: 'foreign' });
    }
    expect(checkShareUrl('http://localhost:3000/a', 'http://localhost:3000')).toMatchObject({ ok: true });
    expect(checkShareUrl('http://localhost:3001/a', 'http://localhost:3000')).toEqual({ ok: false, reason: 'foreign' });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(checkShareUrl(undefined, SITE)).toEqual({ ok: false, reason: 'missing' });
    expect(checkShareUrl('', SITE)).toEqual({ ok: false, reason: 'missing' });
    for (const url of [
      ['https://tianma.example.com/a', 'https://tianma.example.com/b'],
      'tianma.example.com/a',
      'javascript:alert(1)',
      'ftp://tianma.example.com/a',
      'https://user:pass@tianma.example.com/a',
      ' https://tianma.example.com/a',
      'https://tianma.example.com/a b',
      'https://tianma.example.com/a\nb',
      `${SITE}/${'a'.repeat(SHARE_URL_MAX_LENGTH - SITE.length)}`,
    ]) {
      expect(checkShareUrl(url, SITE), String(url)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(checkShareUrl(`${SITE}/${'a'.repeat(SHARE_URL_MAX_LENGTH - SITE.length - 1)}`, SITE)).toMatchObject({ ok: true });
  });
});

describe('WeChat official-account configuration', () => {
  const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-0123456789abcdef0123456789' };

  it('is off by default', () => {
    expect(loadConfig(base).wechat).toBeNull();
  });

  it('takes the app id and secret, and the API address for tests', () => {
    expect(loadConfig({ ...base, WECHAT_APP_ID: 'wxabc', WECHAT_APP_SECRET: 's3cret' }).wechat).toEqual({
      appId: 'wxabc',
      appSecret: 's3cret',
      apiBaseUrl: 'https://api.weixin.qq.com',
    });
    expect(loadConfig({ ...base, WECHAT_APP_ID: 'wxabc', WECHAT_APP_SECRET: 's', WECHAT_API_BASE_URL: 'http://127.0.0.1:9' }).wechat?.apiBaseUrl).toBe(
      'http://127.0.0.1:9',
    );
  });

  it('uses WeChat Pay’s app id when only the secret is given', () => {
    expect(loadConfig({ ...base, WECHATPAY_APPID: 'wxpay', WECHAT_APP_SECRET: 's' }).wechat?.appId).toBe('wxpay');
    expect(loadConfig({ ...base, WECHATPAY_APPID: 'wxpay', WECHAT_APP_ID: 'wxmp', WECHAT_APP_SECRET: 's' }).wechat?.appId).toBe('wxmp');
  });

  it('refuses half a configuration, and production without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...base, WECHAT_APP_ID: 'wxabc' })).toThrow(/WECHAT_APP_SECRET/);
    expect(() => loadConfig({ ...base, WECHAT_APP_SECRET: 's' })).toThrow(/WECHAT_APP_ID/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', WECHAT_APP_ID: 'wxabc', WECHAT_APP_SECRET: 's' })).toThrow(
      /PUBLIC_URL: 使用微信分享时必填/,
    );
    expect(() => loadConfig({ ...base, WECHAT_API_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('never puts the secret in a configuration error', () => {
    try {
      loadConfig({ ...base, NODE_ENV: 'production', WECHAT_APP_ID: 'wxabc', WECHAT_APP_SECRET: 'very-secret-value' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('very-secret-value');
    }
  });
});
