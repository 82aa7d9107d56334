import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPort } from '../../src/providers/search/search-port.js';
import type { StageContext, StoredRequest } from '../../src/generation/stage-context.js';
import { searchAndExtract } from '../../src/generation/stages/search.js';
import { PUBLIC_SITE } from '../helpers/public-site.js';

/** Stage 1 reads the main text of search results whose snippets are short, through the SSRF guard. */

const GBK_PAGE = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/kb/article_gbk.html'));
let server: http.Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/article') res.writeHead(200, { 'content-type': 'text/html' }).end(GBK_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});


function context(results: { title: string; url: string; content: string }[]) {
  const reports: { message?: string; current_query?: string }[] = [];
  const search: SearchPort = { name: 'searxng', search: async () => results };
  const ctx = {
    deps: { search, logger: pino({ level: 'silent' }), readPages: 4 },
    task: { taskId: 'test-task' },
    request: { brief: { topic: '新能源车价格战', industry: 'unlimited' } } as unknown as StoredRequest,
    signal: new AbortController().signal,
    report: async (details: { message?: string; current_query?: string }) => {
      reports.push(details);
    },
  } as unknown as StageContext;
  return { ctx, reports };
}

describe('searchAndExtract', () => {
  it('replaces short snippets with the page’s main text and keeps long snippets and unreadable pages as they are', async () => {
    const long = '这是一段很长的摘要。'.repeat(40);
    const { ctx, reports } = context([
      { title: '价格战之后', url: `http://news.example.test:${port}/article`, content: '价格战持续两年。' },
      { title: '已够长的摘要', url: `http://news.example.test:${port}/long`, content: long },
      { title: '打不开的页面', url: `http://news.example.test:${port}/missing`, content: '短摘要' },
      { title: '内网地址', url: `http://intranet.example.test:${port}/article`, content: '内网摘要' },
    ]);
    hits.length = 0;
    const materials = await searchAndExtract(ctx, PUBLIC_SITE);
    expect(materials.map((material) => material.title)).toEqual(['价格战之后', '已够长的摘要', '打不开的页面', '内网地址']);
    expect(materials[0]!.content).toContain('业内人士认为，2025年行业将进入淘汰赛阶段');
    expect(materials[0]!.content).not.toContain('网友评论');
    expect(materials[1]!.content).toBe(long);
    expect(materials[2]!.content).toBe('短摘要');
    expect(materials[3]!.content).toBe('内网摘要');
    expect(hits.sort()).toEqual(['/article', '/missing']);
    expect(reports.filter((report) => report.message?.startsWith('正在提取网页正文'))).toHaveLength(3);
  });
});
