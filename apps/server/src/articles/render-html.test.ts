import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeUrl } from './render-html.js';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and tables', () => {
    const html = renderMarkdown('# 标题\n\n**粗体**\n\n- 一\n- 二\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('<strong>粗体</strong>');
    expect(html).toContain('<li>一</li>');
    expect(html).toContain('<table>');
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n段落<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });

  it('empties unsafe link and image addresses', () => {
    const html = renderMarkdown('[点我](javascript:alert(1)) ![图](data:image/png;base64,xx) [好](https://tianma.example/a)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).toContain('href="https://tianma.example/a"');
  });

  it('keeps relative and mail links', () => {
    expect(safeUrl('/media/articles/a.png')).toBe('/media/articles/a.png');
    expect(safeUrl('mailto:a@b.cn')).toBe('mailto:a@b.cn');
    expect(safeUrl('//evil.example/x')).toBe('');
    expect(safeUrl('VBScript:x')).toBe('');
  });
});
