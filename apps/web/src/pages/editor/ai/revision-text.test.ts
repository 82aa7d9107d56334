import { describe, expect, it } from 'vitest';
import { contextAround, priceText, proposedText, rangeHolds, summaryChange, titleChange, titleOptions } from './revision-text';

const apply = (doc: string, change: { from: number; to: number; insert: string }) => doc.slice(0, change.from) + change.insert + doc.slice(change.to);

describe('priceText', () => {
  it('shows a model action at the price of its output limit, rules as free', () => {
    // 润色 of 200 characters: limit 300 → 3 coins; of 10: at least 100 → 1.
    expect(priceText({ action: 'polish', price: 1 }, 200)).toBe('约 3 币');
    expect(priceText({ action: 'polish', price: 1 }, 10)).toBe('约 1 币');
    expect(priceText({ action: 'expand', price: 1 }, 200)).toBe('约 5 币');
    expect(priceText({ action: 'titles', price: 1 }, 5000)).toBe('约 3 币');
    expect(priceText({ action: 'shorten', price: 0 }, 200)).toBe('免费');
  });
});

describe('rangeHolds', () => {
  it('holds while the range has the same text, not after an edit inside or a shorter text', () => {
    expect(rangeHolds('甲乙丙丁', { from: 1, to: 3 }, '乙丙')).toBe(true);
    expect(rangeHolds('甲乙改丁', { from: 1, to: 3 }, '乙丙')).toBe(false);
    expect(rangeHolds('甲', { from: 1, to: 3 }, '乙丙')).toBe(false);
  });
});

describe('contextAround', () => {
  it('takes the text on both sides of the selection', () => {
    expect(contextAround('前文选中后文', { from: 2, to: 4 })).toEqual({ before: '前文', after: '后文' });
  });
});

describe('titleChange', () => {
  it('replaces the first level-1 heading', () => {
    const doc = '# 旧标题\n\n正文\n\n# 第二个';
    expect(apply(doc, titleChange(doc, ' 新标题 '))).toBe('# 新标题\n\n正文\n\n# 第二个');
  });
  it('inserts a heading when there is none', () => {
    expect(apply('## 小节\n正文', titleChange('## 小节\n正文', '新标题'))).toBe('# 新标题\n\n## 小节\n正文');
  });
});

describe('summaryChange', () => {
  it('puts the summary as a quote under the opening heading', () => {
    const doc = '# 标题\n\n正文';
    expect(apply(doc, summaryChange(doc, '一句摘要'))).toBe('# 标题\n\n> 一句摘要\n\n正文');
  });
  it('puts it at the top when the article has no opening heading', () => {
    expect(apply('正文', summaryChange('正文', '摘要'))).toBe('> 摘要\n\n正文');
  });
});

describe('titleOptions and proposedText', () => {
  it('reads five titles, one a line', () => {
    expect(titleOptions('一\n\n二\n三\n四\n五\n六')).toEqual(['一', '二', '三', '四', '五']);
  });
  it('proposes the selection followed by its continuation for 续写, the result for the others', () => {
    expect(proposedText('continue', '上文。', '下文。')).toBe('上文。\n\n下文。');
    expect(proposedText('polish', '上文。', '新文。')).toBe('新文。');
  });
});
