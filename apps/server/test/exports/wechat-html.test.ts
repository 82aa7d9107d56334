import { describe, expect, it } from 'vitest';
import { toWechatHtml } from '../../src/exports/wechat-html.js';

const render = (markdown: string) => toWechatHtml(markdown, { publicUrl: 'https://tianma.example' });

describe('toWechatHtml', () => {
  it('keeps code lines and indentation with no-break spaces and <br>', () => {
    const html = render('```js\nif (a) {\n  b();\n}\n```');
    expect(html).toMatch(/<code style="[^"]*">if&#160;\(a\)&#160;\{<br style="[^"]*">&#160;&#160;b\(\);<br style="[^"]*">\}<\/code>/);
    expect(html).not.toContain('language-js');
  });

  it('captions a lone image and turns relative addresses into our site’s', () => {
    const html = render('![一杯咖啡](/media/articles/a-1.png)\n\n文字 ![小图](pic.png) 后');
    expect(html).toContain('src="https://tianma.example/media/articles/a-1.png" alt="一杯咖啡"><span style="');
    expect(html).toContain('>一杯咖啡</span></p>');
    expect(html).toContain('src="https://tianma.example/pic.png"');
  });

  it('points relative links at our site and leaves mail links alone', () => {
    const html = render('[分享页](/shared/article/a1) [写信](mailto:hi@tianma.example)');
    expect(html).toContain('href="https://tianma.example/shared/article/a1"');
    expect(html).toContain('href="mailto:hi@tianma.example"');
  });

  it('writes task boxes as characters and table alignment as a style', () => {
    const html = render('- [x] 完成\n- [ ] 待办\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |');
    expect(html).toContain('☑ 完成');
    expect(html).toContain('☐ 待办');
    expect(html).not.toContain('<input');
    expect(html).toMatch(/<td style="[^"]*text-align: center;[^"]*">1<\/td>/);
    expect(html).not.toContain('align=');
  });

  it('drops only a leading title heading', () => {
    expect(render('# 标题\n\n正文\n\n# 另一个')).not.toContain('>标题<');
    expect(render('# 标题\n\n正文\n\n# 另一个')).toContain('>另一个</h1>');
    expect(render('正文\n\n# 标题')).toContain('>标题</h1>');
  });
});
