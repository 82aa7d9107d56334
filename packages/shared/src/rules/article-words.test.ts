import { describe, expect, it } from 'vitest';
import { countArticleWords, imageCaption, isImageInstruction } from './article-text.js';
import { countCjkLength } from './text.js';

describe('countArticleWords', () => {
  it('counts CJK characters plus Latin and number words', () => {
    expect(countArticleWords('MacBook Air M5 续航 12 小时')).toBe(8);
    expect(countArticleWords('iPhone 17 Pro 的 A19 芯片')).toBe(7);
    expect(countArticleWords("it's a well-known fact")).toBe(4);
  });

  it('counts full-width punctuation as a character, ASCII punctuation and spaces as nothing', () => {
    expect(countArticleWords('你好，世界！')).toBe(6);
    expect(countArticleWords('hello, world!')).toBe(2);
    expect(countArticleWords(' \n\t')).toBe(0);
  });

  it('keeps a number with its decimal point, thousands separator or colon as one word', () => {
    expect(countArticleWords('续航 3.5 小时，价格 1,000 元，12:30 出发')).toBe(14);
  });

  it('counts the prose of markdown, not its marks, images, addresses, markers or reference list', () => {
    const markdown = [
      '# MacBook Air M5 续航测试',
      '',
      '![MacBook Air M5 续航测试](/media/articles/abc-0.png)',
      '',
      '## 实测结果',
      '',
      '**续航** 12 小时[1]，详见 [官网](https://apple.com/macbook-air) 或 https://example.com/a-b-c 。',
      '',
      '- 第一点',
      '- 第二点[2, 3]',
      '',
      '## 参考资料',
      '',
      '1. [Apple 官网](https://apple.com)',
      '2. 某某评测',
    ].join('\n');
    // 标题 3+4, 实测结果 4, 续航12小时 2+1+2, ，详见官网或 1+2+2+1, 。1, 第一点 3, 第二点 3
    expect(countArticleWords(markdown)).toBe(7 + 4 + 5 + 6 + 1 + 3 + 3);
  });

  it('agrees with countCjkLength on plain prose, which length fitting uses', () => {
    const prose = '远程办公的第一年，我学会了三件事：把会议缩短到 15 分钟，用 Notion 记录决定，下班就合上电脑。';
    expect(countArticleWords(prose)).toBe(countCjkLength(prose));
  });
});

describe('image captions', () => {
  it('recognises text written for an image model and placeholders', () => {
    expect(isImageInstruction('清晨的书桌，台灯与笔记本，暖色调插画')).toBe(true);
    expect(isImageInstruction('微信公众号文章封面：围绕“晨跑”，以跑鞋为视觉主体，横版 2.35:1，画面简洁，不含文字')).toBe(true);
    expect(isImageInstruction('A minimal flat illustration of a desk')).toBe(true);
    expect(isImageInstruction('封面')).toBe(true);
    expect(isImageInstruction('插图2')).toBe(true);
    expect(isImageInstruction('三种电池路线对比')).toBe(false);
    expect(isImageInstruction('MacBook Air M5 续航测试')).toBe(false);
  });

  it('keeps a real caption and falls back to the title otherwise', () => {
    expect(imageCaption('三种电池路线对比', '标题')).toBe('三种电池路线对比');
    expect(imageCaption('简洁的扁平插画，表现专注与坚持', '如何坚持晨跑')).toBe('如何坚持晨跑');
    expect(imageCaption('', '如何坚持晨跑')).toBe('如何坚持晨跑');
    expect(imageCaption(undefined, ' 标题 ')).toBe('标题');
  });
});
