import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './copy-rich-text';

describe('htmlToPlainText', () => {
  it('puts each block on its own line and keeps code lines', () => {
    const html =
      '<section style="a"><h2 style="b">小节</h2><p style="c">第一段<strong style="d">加粗</strong></p>' +
      '<ul style="e"><li style="f">甲</li><li style="f">乙</li></ul>' +
      '<pre style="g"><code style="h">if&#160;(a)<br style="i">&#160;&#160;b();</code></pre>' +
      '<p style="c"><img style="j" src="https://x/a.png" alt="图注"></p></section>';
    expect(htmlToPlainText(html)).toBe('小节\n第一段加粗\n甲\n乙\n\nif (a)\n  b();\n图注');
  });
});
