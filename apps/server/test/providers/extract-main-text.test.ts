import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMainText, htmlToText } from '../../src/providers/http/extract-main-text.js';
import { decodeBody, safeFetch } from '../../src/providers/http/safe-fetch.js';

/** A GBK news page: navigation, a sidebar of 热门推荐 links, the article, 20 comments, a footer. */
const fixture = readFileSync(path.join(import.meta.dirname, '../fixtures/kb/article_gbk.html'));
const TITLE = '价格战之后，新能源车企的下半场怎么打？';
const CHROME = ['热门推荐', '热门文章标题第0条', '点击查看更多精彩内容', '网友评论', '用户0：说得好，支持！', '说得好', '登录 注册', '首页', '版权所有', 'ICP备', '广告服务', '财经频道'];

describe('extractMainText on a GBK news page', () => {
  const html = decodeBody(fixture, 'text/html');
  const { title, text } = extractMainText(html, 'https://news.example.com/finance/2024/11/02/ev.html');

  it('gives the article title without the site name', () => {
    expect(title).toBe(TITLE);
  });

  it('keeps the article body, its paragraphs and its sub-heading', () => {
    expect(text.startsWith('来源：某某网 作者：张三 2024-11-02 09:30\n\n多数车企的毛利率被压缩到个位数。与此同时，出口成为新的增长点，')).toBe(true);
    expect(text).toContain('\n\n## 出海：新的增长曲线\n\n');
    expect(text).toContain('但欧盟的反补贴调查给出海之路蒙上阴影。');
    expect(text.endsWith('多数车企的毛利率被压缩到个位数。与此同时，出口成为新的增长点，')).toBe(true);
    // 16 paragraphs, the source line and the sub-heading, each its own block.
    expect(text.split('\n\n')).toHaveLength(18);
    // The <h1> is the title, returned apart, not a line of the body.
    expect(text).not.toContain(`# ${TITLE}`);
  });

  it('leaves out the navigation, the sidebar, the comments and the footer', () => {
    for (const phrase of CHROME) expect(text).not.toContain(phrase);
  });
});

const ARTICLE_BODY = Array.from(
  { length: 6 },
  (_, i) => `<p>第${i + 1}段：早起并不难，难的是坚持。很多人定了闹钟却总是按掉，因为前一天晚上睡得太晚，第二天当然起不来。先把睡觉的时间提前半小时，再慢慢把起床的时间往前挪。</p>`,
).join('\n');

describe('extractMainText: shape and entities', () => {
  const html = `<!DOCTYPE html><html><head><title>早起的力量 - 某某站</title></head><body>
    <nav><a href="/">首页</a> | <a href="/c">栏目</a></nav>
    <article><h1>早起的力量</h1>${ARTICLE_BODY}
      <h2>三个
        方法</h2>
      <ul><li>定好闹钟，放在床边够不到的地方，这样起床必须先下床走几步；</li><li>早睡半小时，睡前一小时不看手机，让大脑慢慢安静下来；</li></ul>
      <ol><li>第一周六点半起，先适应新的节奏；</li><li>第二周六点起，用多出来的时间读书。</li></ol>
      <p>符号&nbsp;&amp;&nbsp;实体：&lt;标签&gt; &quot;引号&quot; &#x4e2d;&#25991; &mdash;&hellip;<br>换行之后的
      一句话。</p>
    </article>
    <footer>版权所有 某某站</footer></body></html>`;
  const { title, text } = extractMainText(html, 'https://example.com/a');

  it('takes the <h1> as the title when <title> adds the site name to it', () => {
    expect(title).toBe('早起的力量');
    expect(extractMainText(html.replace(' - 某某站', '_生活频道_某某站'), 'https://example.com/a').title).toBe('早起的力量');
    expect(extractMainText(html.replace('早起的力量 - 某某站', '另一个标题'), 'https://example.com/a')).toMatchObject({
      title: '另一个标题',
      text: expect.stringMatching(/^#+ 早起的力量\n\n第1段/),
    });
  });

  it('writes headings as # lines, list items as - and 1. lines, paragraphs apart', () => {
    expect(text).toMatch(/^第1段：早起并不难/);
    expect(text).toContain('\n\n## 三个方法\n\n');
    expect(text).toContain(
      '- 定好闹钟，放在床边够不到的地方，这样起床必须先下床走几步；\n- 早睡半小时，睡前一小时不看手机，让大脑慢慢安静下来；\n\n1. 第一周六点半起，先适应新的节奏；\n2. 第二周六点起，用多出来的时间读书。',
    );
    expect(text).not.toContain('首页');
    expect(text).not.toContain('版权所有');
  });

  it('decodes entities, keeps <br> as a line break and joins source line breaks between Chinese characters', () => {
    expect(text.endsWith('符号 & 实体：<标签> "引号" 中文 —…\n换行之后的一句话。')).toBe(true);
  });

  it('reads a fragment without <html> or <body>', () => {
    const fragment = extractMainText(`<h1>早起的力量</h1>${ARTICLE_BODY}`, 'https://example.com/b');
    expect(fragment).toMatchObject({ title: null, text: expect.stringMatching(/^#+ 早起的力量\n\n第1段：早起并不难/) });
    expect(fragment.text).toContain('第6段');
  });

  it('gives empty text for a page without text', () => {
    expect(extractMainText('', 'https://example.com/')).toEqual({ title: null, text: '' });
    expect(extractMainText('<html><head><title>空</title></head><body><script>x()</script></body></html>', 'https://example.com/').text).toBe('');
  });
});

describe('htmlToText (the fallback without Readability)', () => {
  it('keeps the <article> and drops scripts, navigation and markup', () => {
    const html = `<html><head><title>t</title><script>var a = 1;</script></head><body>
      <nav>首页 | 栏目</nav><article><h1>早起的力量</h1><p>第一段&nbsp;内容。</p><p>第二段<br>换行 &amp; 符号。</p></article>
      <footer>版权所有</footer></body></html>`;
    expect(htmlToText(html)).toBe('# 早起的力量\n\n第一段 内容。\n\n第二段\n换行 & 符号。');
  });

  it('reads a page too big for Readability', () => {
    const spans = Array.from({ length: 31_000 }, (_, i) => `<span>${i % 10}</span>`).join('');
    const page = `<html><head><title>一个很大的页面 - 某某站</title></head><body><nav>首页 | 栏目</nav><h1>一个很大的页面</h1><p>开头一段。</p><div>${spans}</div></body></html>`;
    const { title, text } = extractMainText(page, 'https://example.com/big');
    expect(title).toBe('一个很大的页面');
    expect(text.startsWith('开头一段。\n\n0123456789')).toBe(true);
    expect(text).not.toContain('首页');
  });

  it('falls back to the body when there is no article element', () => {
    expect(htmlToText('<body><div>正文一</div><style>.x{}</style><header>页头</header><div>正文二</div><aside>侧栏</aside></body>')).toBe('正文一\n\n正文二');
  });
});

describe('decodeBody: Chinese charsets', () => {
  // 中文 in GBK, and 𠀀 (U+20000) / ⺁ (U+2E81), which only GB18030 decodes right.
  const gbk = Buffer.from([0xd6, 0xd0, 0xce, 0xc4]);
  const fourByte = Buffer.from([0x95, 0x32, 0x82, 0x36]);
  const pua = Buffer.from([0xfe, 0x50]);

  it.each(['gb2312', 'GBK', 'x-gbk', 'gb18030', 'GB_2312-80'])('decodes %s with GB18030', (label) => {
    expect(decodeBody(Buffer.concat([gbk, fourByte, pua]), `text/html; charset=${label}`)).toBe('中文𠀀⺁');
  });

  it('finds the charset in <meta charset=gbk> and in the http-equiv form', () => {
    const bare = Buffer.concat([Buffer.from('<html><head><meta charset=gbk><title>'), gbk, fourByte, Buffer.from('</title>')]);
    expect(decodeBody(bare, 'text/html')).toContain('<title>中文𠀀</title>');
    const equiv = Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><p>'), gbk, pua]);
    expect(decodeBody(equiv, '')).toContain('<p>中文⺁');
  });

  it('lets the Content-Type charset win over the meta, and a BOM over both', () => {
    const meta = Buffer.concat([Buffer.from('<meta charset="utf-8">'), gbk]);
    expect(decodeBody(meta, 'text/html; charset=gbk')).toBe('<meta charset="utf-8">中文');
    const bom8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<meta charset="gbk">你好')]);
    expect(decodeBody(bom8, 'text/html; charset=gbk')).toBe('<meta charset="gbk">你好');
    expect(decodeBody(Buffer.from([0xff, 0xfe, 0x60, 0x4f, 0x7d, 0x59]), 'text/html; charset=gbk')).toBe('你好');
    expect(decodeBody(Buffer.from([0xfe, 0xff, 0x4f, 0x60, 0x59, 0x7d]), null)).toBe('你好');
  });
});

describe('a GBK page served with a bare text/html', () => {
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(fixture));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is decoded from its meta charset and its article extracted', async () => {
    // allowPrivate: the SSRF guard's tests-only way to reach a loopback server.
    const page = await safeFetch(`${base}/article.html`, { allowPrivate: true });
    expect(page.contentType).toBe('text/html');
    const { title, text } = extractMainText(decodeBody(page.body, page.contentType), page.url);
    expect(title).toBe(TITLE);
    expect(text).toContain('业内人士认为，2025年行业将进入淘汰赛阶段');
    expect(text).not.toContain('\uFFFD');
    for (const phrase of CHROME) expect(text).not.toContain(phrase);
  });
});
