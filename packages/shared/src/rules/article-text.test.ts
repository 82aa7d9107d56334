import { describe, expect, it } from 'vitest';
import { articleHeading, articleSummary, firstImageUrl } from './article-text.js';

describe('articleHeading', () => {
  it('reads the first level-1 heading, plain', () => {
    expect(articleHeading('前言\n\n# **远程办公** 指南 #\n\n# 第二个')).toBe('远程办公 指南');
  });
  it('ignores deeper headings and answers null without one', () => {
    expect(articleHeading('## 小节\n\n正文')).toBeNull();
    expect(articleHeading('#没有空格不是标题')).toBeNull();
  });
});

describe('articleSummary', () => {
  it('takes the first paragraph long enough to be prose', () => {
    const markdown = '# 标题\n\n![封面](/media/a.png)\n\n短句。\n\n这是真正的第一段正文[1]，讲述远程办公如何提升效率，以及需要注意的事项。';
    expect(articleSummary(markdown)).toBe('这是真正的第一段正文，讲述远程办公如何提升效率，以及需要注意的事项。');
  });
  it('cuts at 120 characters with an ellipsis', () => {
    const summary = articleSummary(`# 标题\n\n${'长'.repeat(200)}`);
    expect([...summary]).toHaveLength(121);
    expect(summary.endsWith('…')).toBe(true);
  });
  it('falls back to the first short paragraph, or nothing', () => {
    expect(articleSummary('# 标题\n\n很短。')).toBe('很短。');
    expect(articleSummary('# 只有标题')).toBe('');
  });
});

describe('firstImageUrl', () => {
  it('finds the first image address', () => {
    expect(firstImageUrl('文字\n\n![封面](/media/articles/x-0.png "标题")\n\n![二](https://b.example/2.png)')).toBe('/media/articles/x-0.png');
    expect(firstImageUrl('[链接](https://a.example)')).toBeNull();
  });
});
