import { describe, expect, it } from 'vitest';
import { renderWechatHtml } from '../../src/publish/themes/render-wechat.js';

/** What the WeChat export kept doing when it moved to the themed renderer (decision 072). */
const render = (markdown: string) => renderWechatHtml(markdown, 'clean', { publicUrl: 'https://tianma.example' });

describe('the WeChat export through the themed renderer', () => {
  it('keeps code lines and indentation with no-break spaces and <br>', () => {
    const html = render('```js\nif (a) {\n  b();\n}\n```');
    expect(html).toMatch(/<code style="[^"]*">if&nbsp;\(a\)&nbsp;\{<br>&nbsp;&nbsp;b\(\);<br>\}<\/code>/);
    expect(html).not.toContain('language-js');
  });

  it('captions a lone image and turns relative addresses into our site’s', () => {
    const html = render('![一杯咖啡](/media/articles/a-1.png)\n\n文字 ![小图](pic.png) 后');
    expect(html).toMatch(/src="https:\/\/tianma\.example\/media\/articles\/a-1\.png" alt="一杯咖啡" style="[^"]*"><p style="[^"]*">一杯咖啡<\/p>/);
    expect(html).toContain('src="https://tianma.example/pic.png"');
  });

  it('turns links into numbered notes with our site’s address, mail links too', () => {
    const html = render('[分享页](/shared/article/a1) [写信](mailto:hi@tianma.example)');
    expect(html).not.toContain('<a ');
    expect(html).toMatch(/分享页<sup style="[^"]*">\[1\]<\/sup>/);
    expect(html).toContain('https://tianma.example/shared/article/a1');
    expect(html).toContain('mailto:hi@tianma.example');
  });

  it('writes task boxes as characters, lists as sections and table alignment as a style', () => {
    const html = render('- [x] 完成\n- [ ] 待办\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |');
    expect(html).toMatch(/☑<\/span>完成/);
    expect(html).toMatch(/☐<\/span>待办/);
    expect(html).not.toMatch(/<input|<ul|<li/);
    expect(html).toMatch(/<td style="[^"]*text-align: center;[^"]*">1<\/td>/);
    expect(html).not.toContain('align=');
  });

  it('drops only a leading title heading', () => {
    expect(render('# 标题\n\n正文\n\n# 另一个')).not.toContain('>标题<');
    expect(render('# 标题\n\n正文\n\n# 另一个')).toContain('>另一个</h1>');
    expect(render('正文\n\n# 标题')).toContain('>标题</h1>');
  });
});
