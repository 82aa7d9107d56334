import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleBrief } from '../../src/generation/agents/types.js';
import { extractStyleOffline } from '../../src/generation/composer/style-profile.js';
import type { StoredRequest } from '../../src/generation/stage-context.js';
import { referenceText } from '../../src/generation/stages/reference.js';
import { PUBLIC_SITE } from '../helpers/public-site.js';

const fixture = readFileSync(path.join(import.meta.dirname, '../fixtures/kb/article_gbk.html'));
const TITLE = '价格战之后，新能源车企的下半场怎么打？';
const BLOCKED = '参考文章读取失败（该地址指向内网或保留地址，出于安全原因无法访问），已跳过风格提取';
const UNREADABLE = '参考文章正文过短或无法识别，已跳过风格提取';

const BRIEF: ArticleBrief = {
  topic: '新能源汽车出海',
  audience: '职场打工人',
  articleType: 'analysis_commentary_opinion',
  style: 'professional_logical',
  platform: 'wechat',
  length: 2000,
  industry: '汽车',
  language: 'zh-CN',
  advanced: true,
  seoKeywords: [],
};

type Report = { message?: string; current_query?: string };

/** The part of a stage context the reference stage uses; the reports it made. */
function context(reference: StoredRequest['reference'], signal = new AbortController().signal) {
  const reports: Report[] = [];
  const request: StoredRequest = { brief: BRIEF, knowledge: null, reference, seo: null };
  return { ctx: { request, signal, report: async (details: Report) => void reports.push(details) }, reports };
}

const hits = new Map<string, number>();
let server: http.Server;
let port = 0;

beforeAll(async () => {
  const routes: Record<string, (res: http.ServerResponse) => void> = {
    // A bare text/html: the charset is only in the page's <meta charset="gbk">.
    '/article.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(fixture),
    '/moved': (res) => res.writeHead(301, { location: '/article.html' }).end(),
    '/to-loopback': (res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end(),
    '/to-metadata': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-private-name': (res) => res.writeHead(307, { location: `http://intranet.example.test:${port}/secret` }).end(),
    '/secret': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(fixture),
    '/short': (res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><p>请先登录</p></body></html>'),
    '/image.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096, 0x89)),
    '/plain.txt': (res) => res.writeHead(200, { 'content-type': 'text/plain; charset=gbk' }).end(Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0x0a, 0x0a, ...Buffer.from('x'.repeat(60))])),
  };
  server = http.createServer((req, res) => {
    const route = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(route, (hits.get(route) ?? 0) + 1);
    const handler = routes[route];
    if (handler) handler(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const site = (route: string) => `http://news.example.test:${port}${route}`;

describe('referenceText', () => {
  it('takes pasted text as it is, without fetching anything', async () => {
    const { ctx, reports } = context({ text: '  你有没有发现？孩子总是抢着翻页！  ', url: site('/article.html') });
    expect(await referenceText(ctx, PUBLIC_SITE)).toBe('你有没有发现？孩子总是抢着翻页！');
    expect(reports).toEqual([]);
    expect(await referenceText(context(null).ctx)).toBeNull();
  });

  it('reads a GBK news page by URL: the article under its title, without navigation, sidebar or comments', async () => {
    const { ctx, reports } = context({ url: site('/moved') });
    const text = await referenceText(ctx, PUBLIC_SITE);
    expect(reports).toEqual([{ message: '正在读取参考文章...', current_query: site('/moved') }]);
    expect(text?.startsWith(`标题：${TITLE}\n\n来源：某某网 作者：张三 2024-11-02 09:30\n\n多数车企的毛利率被压缩到个位数。`)).toBe(true);
    expect(text).toContain('\n\n## 出海：新的增长曲线\n\n');
    expect(text).toContain('业内人士认为，2025年行业将进入淘汰赛阶段');
    for (const phrase of ['热门推荐', '热门文章标题', '网友评论', '说得好，支持', '登录 注册', '版权所有', '\uFFFD']) expect(text).not.toContain(phrase);

    // What the style stage makes of it: the sub-heading and the paragraphs survive as structure.
    const style = extractStyleOffline(BRIEF, text ?? '');
    expect(style.structure).toContain('小标题分段');
    expect(style.vocabulary.length).toBeGreaterThan(0);
  });

  it.each(['/to-loopback', '/to-metadata', '/to-private-name'])('refuses a redirect %s to a private address and goes on without a style', async (route) => {
    hits.delete('/secret');
    const { ctx, reports } = context({ url: site(route) });
    expect(await referenceText(ctx, PUBLIC_SITE)).toBeNull();
    expect(reports.at(-1)).toEqual({ message: BLOCKED });
    expect(hits.get(route)).toBe(1);
    expect(hits.get('/secret')).toBeUndefined();
  });

  it('refuses the loopback server itself without the tests-only exemption', async () => {
    hits.delete('/article.html');
    const { ctx, reports } = context({ url: `http://127.0.0.1:${port}/article.html` });
    expect(await referenceText(ctx)).toBeNull();
    expect(reports.at(-1)).toEqual({ message: BLOCKED });
    expect(hits.get('/article.html')).toBeUndefined();
    const local = context({ url: 'file:///etc/passwd' });
    expect(await referenceText(local.ctx)).toBeNull();
    expect(local.reports.at(-1)).toEqual({ message: '参考文章读取失败（仅支持 http 和 https 链接），已跳过风格提取' });
  });

  it('skips a page without an article and a file that is no page', async () => {
    for (const route of ['/short', '/image.png']) {
      const { ctx, reports } = context({ url: site(route) });
      expect(await referenceText(ctx, PUBLIC_SITE)).toBeNull();
      expect(reports.at(-1)).toEqual({ message: UNREADABLE });
    }
    const missing = context({ url: site('/missing') });
    expect(await referenceText(missing.ctx, PUBLIC_SITE)).toBeNull();
    expect(missing.reports.at(-1)).toEqual({ message: '参考文章读取失败（网页无法访问（HTTP 404）），已跳过风格提取' });
  });

  it('takes a plain-text page as it is, in its charset', async () => {
    const { ctx } = context({ url: site('/plain.txt') });
    expect(await referenceText(ctx, PUBLIC_SITE)).toBe(`中文\n\n${'x'.repeat(60)}`);
  });

  it('passes a cancellation through instead of reporting it', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    const { ctx, reports } = context({ url: site('/article.html') }, controller.signal);
    await expect(referenceText(ctx, PUBLIC_SITE)).rejects.toThrow('cancelled by the user');
    expect(reports).toEqual([{ message: '正在读取参考文章...', current_query: site('/article.html') }]);
  });
});
