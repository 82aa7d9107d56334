import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './MarkdownView';

describe('MarkdownView', () => {
  it('renders headings, lists and tables', () => {
    const { container } = render(<MarkdownView markdown={'# 标题\n\n- 一\n- 二\n\n| a | b |\n|---|---|\n| 1 | 2 |'} />);
    expect(container.querySelector('h1')?.textContent).toBe('标题');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('table td')?.textContent).toBe('1');
  });

  it('drops raw HTML, script and event handlers', () => {
    const { container } = render(
      <MarkdownView markdown={'<script>window.hacked = 1</script>\n\n<img src="x" onerror="alert(1)">\n\n正文'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toContain('正文');
  });

  it('keeps only safe link and image schemes', () => {
    const { container } = render(
      <MarkdownView
        markdown={'[坏](javascript:alert(1)) [好](https://example.com) [站内](/pricing) ![图](data:image/png;base64,AAAA) ![封面](/media/articles/a.png)'}
      />,
    );
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://example.com', '/pricing']);
    const images = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['/media/articles/a.png']);
    expect(container.querySelector('a[href="https://example.com"]')?.getAttribute('rel')).toContain('noopener');
  });

  it('never shows an image prompt or a placeholder as alt text; a real caption stays', () => {
    const { container } = render(
      <MarkdownView markdown={'![清晨的书桌，台灯与笔记本，暖色调插画](/media/a.png)\n\n![封面](/media/b.png)\n\n![三种电池路线对比](/media/c.png)'} />,
    );
    const alts = [...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'));
    expect(alts).toEqual(['', '', '三种电池路线对比']);
  });
});

