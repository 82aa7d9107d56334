import { describe, expect, it } from 'vitest';
import { absoluteMarkdownUrls } from './markdown-urls.js';

const ORIGIN = 'https://tianma.example';

describe('absoluteMarkdownUrls', () => {
  it('makes our images and links absolute on the site', () => {
    const text = '# 标题\n\n![封面](/media/articles/a1-0.png)\n\n见[这篇](/shared/article/a2 "分享")。\n';
    expect(absoluteMarkdownUrls(text, `${ORIGIN}/`)).toBe(
      '# 标题\n\n![封面](https://tianma.example/media/articles/a1-0.png)\n\n见[这篇](https://tianma.example/shared/article/a2 "分享")。\n',
    );
  });

  it('leaves absolute, protocol-relative and page-relative targets, and code, as they are', () => {
    const text = [
      '![a](https://img.example/x.png) ![b](//cdn.example/y.png) ![c](images/z.png)',
      '`![code](/media/x.png)`',
      '```md',
      '![fenced](/media/y.png)',
      '```',
      '![after](/media/z.png)',
    ].join('\n');
    expect(absoluteMarkdownUrls(text, ORIGIN).split('\n')).toEqual([
      '![a](https://img.example/x.png) ![b](//cdn.example/y.png) ![c](images/z.png)',
      '`![code](/media/x.png)`',
      '```md',
      '![fenced](/media/y.png)',
      '```',
      '![after](https://tianma.example/media/z.png)',
    ]);
  });
});
