import { WECHAT_THEMES } from '@tianma/shared';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { renderWechatHtml } from './render-wechat.js';
import { themeStyles } from './theme-styles.js';

const PUBLIC_URL = 'https://tianma.example';

/** A hard document: every element kind, nesting, hostile input, mixed Chinese and English. */
const HARD = [
  '# 用AI写作的10个技巧',
  '',
  '开头一段：我们用ChatGPT和Claude写了30篇文章，参见[OpenAI文档](https://platform.openai.com/docs)和[上一篇](https://mp.weixin.qq.com/s/abc123)。',
  '',
  '## 第一部分：准备',
  '',
  '### 工具清单',
  '',
  '#### 细节',
  '',
  '> 引用里也有English和**重点**。',
  '>',
  '> 第二段引用，见[维基](https://zh.wikipedia.org/wiki/AI)。',
  '',
  '- 第一项用`npm install`安装',
  '- 第二项',
  '  - 嵌套一',
  '    - 嵌套二',
  '- [x] 已完成的任务',
  '',
  '3. 从三开始',
  '4. 接着是四，再看[OpenAI文档](https://platform.openai.com/docs)',
  '',
  '```ts',
  'function add(a: number, b: number) {',
  '  return a + b < 10 ? "<小>" : "大";',
  '}',
  '```',
  '',
  '| 工具 | 价格 | 评分 |',
  '|:---|:---:|---:|',
  '| ChatGPT | 20美元 | **9** |',
  '| 文心一言 | 免费 | 8 |',
  '',
  '![一张示意图](/media/articles/a1-1.png)',
  '*图片来源：Pixabay 用户 someone*',
  '',
  '![第二张图](https://images.example.com/b.jpg)',
  '',
  '---',
  '',
  '正文里有*斜体*、~~删除~~和**Bold文字**，还有[坏链接](javascript:alert(1))和[数据](data:text/html,x)。',
  '',
  '<div class="evil" id="x" style="position:absolute">原始HTML</div>',
  '',
  '行内<script>alert(1)</script>和<span class="c">span</span>。',
  '',
  '# 附录',
  '',
  '最后见[维基](https://zh.wikipedia.org/wiki/AI)与<https://example.com/plain>。',
].join('\n');

function parse(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return document;
}
const render = (markdown: string, theme: Parameters<typeof renderWechatHtml>[1] = 'clean') => renderWechatHtml(markdown, theme, { publicUrl: PUBLIC_URL });
const text = (html: string) => parse(html).body.textContent ?? '';

describe('the WeChat rendering of a hard document, in every theme', () => {
  for (const { id } of WECHAT_THEMES) {
    it(`${id}: one styled root, inline styles only, nothing the editor strips`, () => {
      const html = render(HARD, id);
      const document = parse(html);
      expect(document.body.children).toHaveLength(1);
      const root = document.body.firstElementChild!;
      expect(root.tagName).toBe('SECTION');
      expect(html).not.toMatch(/<[^>]*\s(class|id)=/i);
      expect(html).not.toMatch(/<(style|script|link|ul|ol|li|div|button|input)\b/i);
      for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (['THEAD', 'TBODY', 'TR', 'BR'].includes(element.tagName)) continue;
        expect(element.getAttribute('style'), element.outerHTML.slice(0, 80)).toBeTruthy();
        expect(element.getAttributeNames().filter((name) => !['style', 'src', 'alt', 'href'].includes(name))).toEqual([]);
      }
    });

    it(`${id}: gives each element kind the theme's style`, () => {
      const styles = themeStyles(id);
      const document = parse(render(HARD, id));
      const styleOf = (selector: string) => document.querySelector(selector)?.getAttribute('style');
      expect(document.body.firstElementChild!.getAttribute('style')).toBe(styles.root);
      for (const tag of ['h1', 'h2', 'h3', 'h4', 'p', 'blockquote', 'strong', 'em', 'del', 'hr', 'img', 'table', 'sup', 'a'] as const) {
        const key = tag === 'sup' ? 'footnoteRef' : tag;
        expect(styleOf(tag), `${id} ${tag}`).toBe(styles[key]);
      }
      expect(styleOf('blockquote p')).toBe(styles.quoteP);
      expect(styleOf('section > code')).toBe(styles.code);
      expect(styleOf('pre')).toBe(styles.pre);
      expect(styleOf('pre code')).toBe(styles.preCode);
      expect(styleOf('th')).toContain(styles.th.slice(0, 20));
      expect(styleOf('td')).toContain(styles.td.slice(0, 20));
      expect(styleOf('span')).toBe(styles.listMarker);
      expect(styleOf('img + p')).toBe(styles.caption);
    });
  }
});

describe('the parts of the rendering', () => {
  it('drops the leading title (the editor has its own title field) but keeps a later h1', () => {
    const html = render(HARD);
    expect(html).not.toContain('10 个技巧');
    expect(parse(html).querySelector('h1')?.textContent).toBe('附录');
  });

  it('turns lists into section lines with the bullet or number as text, nested ones indented', () => {
    const document = parse(render(HARD));
    const lines = Array.from(document.querySelectorAll('section > section > span')).map((span) => [span.textContent, span.parentElement!.textContent!.slice(span.textContent!.length)]);
    expect(lines).toEqual([
      ['•', '第一项用 npm install 安装'],
      ['•', '第二项'],
      ['◦', '嵌套一'],
      ['▪', '嵌套二'],
      ['☑', '已完成的任务'],
      ['3.', '从三开始'],
      ['4.', '接着是四，再看 OpenAI 文档[1]'],
    ]);
    const nested = Array.from(document.querySelectorAll('section > section')).find((line) => line.textContent?.endsWith('嵌套二'));
    expect(nested?.getAttribute('style')).toContain('margin-left: 2.8em');
  });

  it('numbers external links in order of first appearance, once per address, and keeps mp.weixin.qq.com links', () => {
    const html = render(HARD);
    const document = parse(html);
    expect(Array.from(document.querySelectorAll('sup')).map((sup) => sup.textContent)).toEqual(['[1]', '[2]', '[1]', '[2]']);
    const notes = document.body.firstElementChild!.lastElementChild!;
    expect(notes.firstElementChild!.textContent).toBe('参考链接');
    expect(Array.from(notes.querySelectorAll('p')).slice(1).map((p) => p.textContent)).toEqual([
      '[1] https://platform.openai.com/docs',
      '[2] https://zh.wikipedia.org/wiki/AI',
    ]);
    expect(Array.from(document.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['https://mp.weixin.qq.com/s/abc123']);
    // An address written out in full stays readable text, with no footnote repeating it.
    expect(html).toContain('与 https://example.com/plain。');
    expect(html).not.toContain('[3]');
  });

  it('leaves out the footnote list when nothing links outside WeChat', () => {
    expect(render('只有[公众号文章](https://mp.weixin.qq.com/s/x)。')).not.toContain('参考链接');
  });

  it('puts a space between Chinese and Latin text, also across bold, code and links, never inside code', () => {
    const html = render(HARD);
    const body = text(html);
    expect(body).toContain('我们用 ChatGPT 和 Claude 写了 30 篇文章');
    expect(body).toContain('引用里也有 English 和重点');
    expect(body).toContain('第一项用 npm install 安装');
    expect(body).toContain('和 Bold 文字');
    expect(body).toContain('20 美元');
    expect(html).toContain('return&nbsp;a&nbsp;+&nbsp;b&nbsp;&lt;&nbsp;10');
    expect(render('用`a中b`和 https://example.com/中文路径')).toContain('a中b</code>');
  });

  it('shows raw HTML as text and drops unsafe link schemes', () => {
    const html = render(HARD);
    expect(html).toContain('&lt;div class=&quot;evil&quot; id=&quot;x&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(text(html)).toContain('还有坏链接和数据。');
  });

  it('makes images absolute and full width, with the alt and the credit line as captions', () => {
    const document = parse(render(HARD));
    const images = Array.from(document.querySelectorAll('img'));
    expect(images.map((image) => image.getAttribute('src'))).toEqual([`${PUBLIC_URL}/media/articles/a1-1.png`, 'https://images.example.com/b.jpg']);
    for (const image of images) expect(image.getAttribute('style')).toContain('width: 100%');
    const captions = Array.from(images[0]!.parentElement!.querySelectorAll('p')).map((p) => p.textContent);
    expect(captions).toEqual(['一张示意图', '图片来源：Pixabay 用户 someone']);
    expect(images[1]!.parentElement!.querySelectorAll('p')).toHaveLength(1);
  });

  it('drops an image whose address is unsafe, keeping its alt text', () => {
    const html = render('![坏图](javascript:alert(1))\n\n![协议相对](//evil.example/x.png)');
    expect(html).not.toContain('<img');
    expect(text(html)).toContain('坏图');
  });

  it('keeps code lines and indentation as no-break spaces and line breaks', () => {
    const document = parse(render('```\nif (a) {\n  b();\n}\n```'));
    const code = document.querySelector('pre code')!;
    expect(code.querySelectorAll('br')).toHaveLength(2);
    expect(code.textContent).toBe('if\u00a0(a)\u00a0{\u00a0\u00a0b();}');
  });

  it('aligns table cells as the markdown asks', () => {
    const document = parse(render('| a | b |\n|:-:|--:|\n| 1 | 2 |'));
    expect(document.querySelector('th')!.getAttribute('style')).toContain('text-align: center');
    expect(document.querySelectorAll('td')[1]!.getAttribute('style')).toContain('text-align: right');
  });

  it('answers an empty root for empty markdown and the clean theme by default', () => {
    expect(renderWechatHtml('')).toBe(`<section style="${themeStyles('clean').root}"></section>`);
  });
});
