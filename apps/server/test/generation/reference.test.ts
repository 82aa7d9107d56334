import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/generation/stages/reference.js';

describe('htmlToText', () => {
  it('keeps the article body and drops scripts, navigation and markup', () => {
    const html = `<html><head><title>t</title><script>var a = 1;</script></head><body>
      <nav>首页 | 栏目</nav><article><h1>早起的力量</h1><p>第一段&nbsp;内容。</p><p>第二段<br>换行 &amp; 符号。</p></article>
      <footer>版权所有</footer></body></html>`;
    expect(htmlToText(html)).toBe('早起的力量\n第一段 内容。\n第二段\n换行 & 符号。');
  });

  it('falls back to the body when there is no article element', () => {
    expect(htmlToText('<body><div>正文一</div><style>.x{}</style><div>正文二</div></body>')).toBe('正文一\n正文二');
  });
});
