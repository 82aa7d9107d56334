import { describe, expect, it } from 'vitest';
import { countCjkLength, stripMarkdown, truncate } from './text.js';

describe('countCjkLength', () => {
  it('counts each Chinese character and punctuation mark', () => {
    expect(countCjkLength('你好，世界。')).toBe(6);
  });
  it('counts Latin words and numbers as one each', () => {
    expect(countCjkLength('用 ChatGPT 写 2024 年的总结')).toBe(8);
    expect(countCjkLength("don't stop-loss")).toBe(2);
  });
  it('ignores whitespace and ASCII punctuation', () => {
    expect(countCjkLength('  \n ... !!')).toBe(0);
  });
});

describe('truncate', () => {
  it('cuts by code point and adds the ellipsis only when cut', () => {
    expect(truncate('一二三四', 2)).toBe('一二...');
    expect(truncate('一二', 2)).toBe('一二');
    expect(truncate('🙂🙂🙂', 1, '…')).toBe('🙂…');
  });
});

describe('stripMarkdown', () => {
  it('removes headings, emphasis, links, images and code', () => {
    const md = '# 标题\n\n**粗体** 与 [链接](https://a.cn) ![图](x.png)\n\n```js\ncode\n```\n- 列表';
    expect(stripMarkdown(md)).toBe('标题\n\n粗体 与 链接\n\n列表');
  });
});

describe('stripMarkdown with parentheses in addresses', () => {
  it('removes the whole link and image, one nested level deep', () => {
    expect(stripMarkdown('点[这里](javascript:alert(1))继续 ![图](https://a.cn/x_(1).png)完')).toBe('点这里继续 完');
  });
});
