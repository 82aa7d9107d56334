import { describe, expect, it } from 'vitest';
import { humanizeArticle } from './humanize.js';

describe('humanizeArticle (去AI味)', () => {
  it('drops fillers that only announce a sentence, and era openings', () => {
    const { markdown, before, after } = humanizeArticle(
      '值得注意的是，预算要留出余量。总而言之，先做小范围试点。随着人工智能技术的不断发展，很多岗位的分工在变。在这个信息爆炸的时代，筛选比收集更难。',
    );
    expect(markdown).toBe('预算要留出余量。先做小范围试点。很多岗位的分工在变。筛选比收集更难。');
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(0);
  });

  it('loosens a numbered chain into plain steps, keeping its order', () => {
    const { markdown, after } = humanizeArticle('首先，写下现状。\n\n其次，定一个小目标。\n\n再次，每周复盘。最后，调整节奏。');
    expect(markdown).toBe('首先，写下现状。\n\n接着，定一个小目标。\n\n再往下，每周复盘。最后，调整节奏。');
    expect(after).toBe(0);
  });

  it('turns inflated and buzzword predicates into plain ones', () => {
    expect(humanizeArticle('数据在决策中扮演着重要的角色，复盘至关重要。').markdown).toBe('数据在决策中很重要，复盘很关键。');
    expect(humanizeArticle('工具为团队赋能，也助力新人上手。').markdown).toBe('工具帮团队，也帮助新人上手。');
  });

  it('leaves quotes, headings, images, tables and quote blocks as they are', () => {
    const text = [
      '## 值得注意的是，标题不动',
      '![随着技术的发展，图](/media/articles/a-1.png)',
      '> 总而言之，引用块不动',
      '| 值得注意的是，表格 | 不动 |',
      '资料里写道：“值得注意的是，电池至关重要。”[1] 值得注意的是，这句要改。',
    ].join('\n');
    expect(humanizeArticle(text).markdown.split('\n')).toEqual([
      '## 值得注意的是，标题不动',
      '![随着技术的发展，图](/media/articles/a-1.png)',
      '> 总而言之，引用块不动',
      '| 值得注意的是，表格 | 不动 |',
      '资料里写道：“值得注意的是，电池至关重要。”[1] 这句要改。',
    ]);
  });

  it('keeps a dropped clause that carries an SEO keyword', () => {
    const text = '随着新能源汽车的快速发展，充电桩越来越多。';
    expect(humanizeArticle(text, ['新能源汽车']).markdown).toBe(text);
    expect(humanizeArticle(text).markdown).toBe('充电桩越来越多。');
  });

  it('does not touch a filler in the middle of a sentence, where it may carry meaning', () => {
    expect(humanizeArticle('这一点不难发现的原因在于价格。').markdown).toBe('这一点不难发现的原因在于价格。');
  });
});
