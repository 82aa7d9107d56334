import { countArticleWords } from '@tianma/shared';
import { describe, expect, it } from 'vitest';
import type { Outline } from '../../src/generation/agents/types.js';
import { assembleArticle } from '../../src/generation/stages/assemble.js';
import { imageText } from '../../src/generation/stages/images.js';

const outline: Outline = {
  title: '标题',
  sections: [
    { heading: '开篇', keyPoints: [], budget: 100, role: 'introduction' },
    { heading: '第一步', keyPoints: [], budget: 100, role: 'body' },
    { heading: '第二步', keyPoints: [], budget: 100, role: 'body' },
  ],
};
const images = [
  { sectionIndex: -1, url: '/media/articles/a-0.png', caption: '封面' },
  { sectionIndex: 1, url: '/media/articles/a-1.png', caption: '第一步配图' },
];

describe('assembleArticle', () => {
  it('puts the cover under the title and a section image at the end of its section', () => {
    const markdown = '# 标题\n\n## 开篇\n\n引言段落。\n\n## 第一步\n\n第一步的内容。\n\n第二段。\n\n## 第二步\n\n结尾。\n';
    const result = assembleArticle({ title: '标题', markdown }, images, [], outline);
    expect(result.markdown).toBe(
      '# 标题\n\n![封面](/media/articles/a-0.png)\n\n## 开篇\n\n引言段落。\n\n## 第一步\n\n第一步的内容。\n\n第二段。\n\n![第一步配图](/media/articles/a-1.png)\n\n## 第二步\n\n结尾。\n',
    );
    expect(result.coverUrl).toBe('/media/articles/a-0.png');
  });

  it('finds a heading the SEO pass extended with a keyword, preferring an exact match', () => {
    const markdown = '# 标题\n\n## 开篇\n\n引言。\n\n## 第一步｜时间管理\n\n内容。\n\n## 第二步\n\n结尾。\n';
    const result = assembleArticle({ title: '标题', markdown }, images, [], outline);
    expect(result.markdown).toContain('## 第一步｜时间管理\n\n内容。\n\n![第一步配图](/media/articles/a-1.png)\n\n## 第二步');
  });

  it('places images by position when the article has no section headings (Xiaohongshu)', () => {
    const markdown = '# 标题✨\n\n第一段。\n\n第二段。\n\n第三段。\n\n第四段。\n\n#早起 #自律\n';
    const result = assembleArticle({ title: '标题✨', markdown }, images, [], outline);
    const lines = result.markdown.split('\n').filter(Boolean);
    expect(lines.indexOf('![第一步配图](/media/articles/a-1.png)')).toBeGreaterThan(lines.indexOf('第一段。'));
    expect(lines.at(-1)).toBe('#早起 #自律');
  });

  it('closes with the reference list and drops markers without a source', () => {
    const markdown = '# 标题\n\n## 开篇\n\n有出处[1]，没出处[2]。\n';
    const result = assembleArticle({ title: '标题', markdown }, [], [{ id: 'w', source: 'web', title: '资料', url: 'https://a.cn', content: '' }], outline);
    expect(result.markdown).toContain('有出处[1]，没出处。');
    expect(result.markdown.trimEnd().endsWith('1. [资料](https://a.cn)')).toBe(true);
    expect(result.summary).toBe('有出处，没出处。');
    expect(result.wordCount).toBeGreaterThan(5);
  });

  it("checks a model's citations the same way: a marker without a source goes, one source listed twice is merged", () => {
    const markdown = '# 标题\n\n## 开篇\n\n甲说[1]，乙说[3]，丙说[5]。\n';
    const page = { id: 'w1', source: 'web' as const, title: '资料', url: 'https://a.cn/p', content: '' };
    const samePage = { ...page, id: 'w2', url: 'https://a.cn/p/' };
    const chunk = { id: 'kb-f-2', source: 'knowledge' as const, title: '电池.md', content: '', position: '第 3 段 · 日常使用' };
    const result = assembleArticle({ title: '标题', markdown }, [], [page, chunk, samePage], outline);
    expect(result.markdown).toContain('甲说[1]，乙说[1]，丙说。');
    expect(result.references).toEqual([page]);
    expect(result.markdown.trimEnd().endsWith('## 参考资料\n\n1. [资料](https://a.cn/p)')).toBe(true);
  });

  it('stores the word count of the stored text by the one rule, as the editor and my articles count it', () => {
    const markdown = '# MacBook Air M5 续航测试\n\n## 开篇\n\nMacBook Air M5 续航 12 小时[1]。\n\n## 第一步\n\n实测 3.5 小时。\n';
    const source = { id: 'w', source: 'web' as const, title: '资料', url: 'https://a.cn', content: '' };
    const result = assembleArticle({ title: 'MacBook Air M5 续航测试', markdown }, images, [source], outline);
    expect(result.markdown).toContain('## 参考资料');
    expect(result.wordCount).toBe(countArticleWords(result.markdown));
    // 7 (title) + 2 (开篇) + 9 (MacBook Air M5 续航 12 小时。) + 3 (第一步) + 6 (实测 3.5 小时。)
    expect(result.wordCount).toBe(27);
  });
});

describe('imageText', () => {
  const plan = (sectionIndex: number, caption: string) => ({ sectionIndex, prompt: '清晨的书桌，台灯与笔记本，暖色调插画', caption });

  it("draws the article's title on the cover, never the raw topic or the image prompt", () => {
    const text = imageText(plan(-1, '清晨的书桌，台灯与笔记本，暖色调插画'), outline, '请帮我写一篇关于标题的文章，配图要暖色调');
    expect(text).toEqual({ title: '标题', subtitle: undefined, caption: '标题' });
    expect(imageText(plan(-1, '封面'), outline, '主题').title).toBe('标题');
    expect(imageText(plan(-1, '三个习惯改变一年'), outline, '主题')).toEqual({ title: '标题', subtitle: '三个习惯改变一年', caption: '标题' });
  });

  it("captions a section image with its caption, or its section's heading when the caption is a prompt", () => {
    expect(imageText(plan(1, '简洁的扁平插画，表现专注与坚持'), outline, '主题')).toEqual({ title: '第一步', caption: '第一步' });
    expect(imageText(plan(2, '插图2'), outline, '主题').caption).toBe('第二步');
    expect(imageText(plan(1, '番茄钟的节奏'), outline, '主题').caption).toBe('番茄钟的节奏');
  });
});
