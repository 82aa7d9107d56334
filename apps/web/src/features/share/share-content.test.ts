import { DEFAULT_SHARE_DESCRIPTION } from '@tianma/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyShareMeta,
  canShare,
  nativeShareText,
  shareContentOf,
  shareDescriptionOf,
  shareTitleOf,
} from './share-content';
import { absoluteUrl, shareLink, withoutFragment } from './share-link';

describe('share link', () => {
  it('is the site + /shared/article/{articleId}', () => {
    expect(shareLink('abc123', 'https://tianma.example')).toBe('https://tianma.example/shared/article/abc123');
    expect(shareLink('a b/c', 'https://tianma.example/')).toBe('https://tianma.example/shared/article/a%20b%2Fc');
    expect(shareLink('x')).toBe(`${window.location.origin}/shared/article/x`);
  });

  it('makes addresses absolute and drops fragments', () => {
    expect(absoluteUrl('/images/a.png', 'https://tianma.example')).toBe('https://tianma.example/images/a.png');
    expect(absoluteUrl('https://cdn.example/a.png', 'https://tianma.example')).toBe('https://cdn.example/a.png');
    expect(withoutFragment('https://t.example/p?q=1#x')).toBe('https://t.example/p?q=1');
    expect(withoutFragment('https://t.example/p')).toBe('https://t.example/p');
  });
});

describe('share title', () => {
  it('is the first level-1 heading', () => {
    expect(shareTitleOf('引言一行\n\n# **春日** 读书\n\n## 小节')).toBe('春日 读书');
  });

  it('else the first non-empty line without markdown marks, cut to 50 characters', () => {
    expect(shareTitleOf('\n\n## 二级 *标题*\n正文')).toBe('二级 标题');
    const long = '长'.repeat(60);
    expect(shareTitleOf(`${long}\n正文`)).toBe('长'.repeat(50));
  });

  it('else 精彩文章内容', () => {
    expect(shareTitleOf('')).toBe('精彩文章内容');
    expect(shareTitleOf('   \n\n')).toBe('精彩文章内容');
  });
});

describe('share description', () => {
  it('is plain text on one line, 80 characters plus an ellipsis, without the title heading', () => {
    expect(shareDescriptionOf('# 标题\n\n第一段**重点**。\n\n- 第二段')).toBe('第一段重点。 第二段');
    const body = '字'.repeat(100);
    expect(shareDescriptionOf(`# 标题\n\n${body}`)).toBe(`${'字'.repeat(80)}…`);
  });

  it('falls back to the default sentence', () => {
    expect(shareDescriptionOf('# 只有标题')).toBe(DEFAULT_SHARE_DESCRIPTION);
    expect(DEFAULT_SHARE_DESCRIPTION).toBe('这是我在天马上创作的文章，快来试一试吧');
  });
});

describe('native share text', () => {
  it('is the first 30 characters of the article, as plain text', () => {
    expect(nativeShareText('# 标题\n\n正文**第一句**。')).toBe('标题 正文第一句。');
    const text = nativeShareText(`# ${'甲'.repeat(20)}\n\n${'乙'.repeat(20)}`);
    expect([...text]).toHaveLength(30);
    expect(text).toBe(`${'甲'.repeat(20)} ${'乙'.repeat(9)}`);
  });
});

describe('share content', () => {
  it('needs an article id and content (没有可分享的文章 otherwise)', () => {
    expect(canShare({ articleId: 'a1', markdown: '正文' })).toBe(true);
    expect(canShare({ articleId: '', markdown: '正文' })).toBe(false);
    expect(canShare({ articleId: null, markdown: '正文' })).toBe(false);
    expect(canShare({ articleId: 'a1', markdown: '  \n' })).toBe(false);
    expect(canShare({ articleId: 'a1', markdown: undefined })).toBe(false);
    expect(canShare(null)).toBe(false);
  });

  it("uses the article's cover, else the default image, both absolute", () => {
    const base = { articleId: 'a1', markdown: '# 标题\n\n正文' };
    expect(shareContentOf(base, 'https://tianma.example')).toEqual({
      articleId: 'a1',
      title: '标题',
      description: '正文',
      text: '标题 正文',
      imageUrl: 'https://tianma.example/images/share-default.jpg',
      link: 'https://tianma.example/shared/article/a1',
    });
    expect(shareContentOf({ ...base, imageUrl: '/api/v1/images/c.png' }, 'https://tianma.example').imageUrl).toBe(
      'https://tianma.example/api/v1/images/c.png',
    );
  });
});

describe('applyShareMeta', () => {
  beforeEach(() => {
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
  });

  it('writes the share tags once and updates them in place', () => {
    applyShareMeta(shareContentOf({ articleId: 'a1', markdown: '# 一\n\n正文一' }, 'https://t.example'));
    applyShareMeta(shareContentOf({ articleId: 'a2', markdown: '# 二\n\n正文二' }, 'https://t.example'));
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(content('meta[property="og:title"]')).toBe('二');
    expect(content('meta[property="og:description"]')).toBe('正文二');
    expect(content('meta[name="description"]')).toBe('正文二');
    expect(content('meta[property="og:type"]')).toBe('article');
    expect(content('meta[property="og:image"]')).toBe('https://t.example/images/share-default.jpg');
    expect(content('meta[property="og:url"]')).toBe('https://t.example/shared/article/a2');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
  });
});
