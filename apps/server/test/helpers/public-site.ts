import type { PageFetchOverrides } from '../../src/providers/http/read-page.js';
import type { Resolver } from '../../src/providers/http/ssrf-guard.js';

/**
 * news.example.test stands for a public site: a made-up name resolved to the test's loopback
 * server and exempted from the address policy (the SSRF guard's tests-only mechanism). Every
 * other name keeps the policy: intranet.example.test resolves to a private address.
 */
export const testDns: Resolver = async (hostname) => {
  const address = { 'news.example.test': '127.0.0.1', 'intranet.example.test': '10.0.0.5' }[hostname];
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

export const PUBLIC_SITE: PageFetchOverrides = { resolve: testDns, allowPrivate: ['news.example.test'] };
