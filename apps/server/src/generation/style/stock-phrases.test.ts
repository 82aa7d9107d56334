import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countStockPhrases, STOCK_PHRASES } from './stock-phrases.js';

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/stock-phrases.md');

const count = (text: string) => countStockPhrases(text).hits.map((hit) => [hit.phrase, hit.count]);

describe('stock phrases', () => {
  it('keeps docs/stock-phrases.md and the module in step: every phrase is in the doc', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    const missing = STOCK_PHRASES.map((entry) => entry.phrase).filter((phrase) => !doc.includes(`| ${phrase} |`));
    expect(missing).toEqual([]);
    expect(new Set(STOCK_PHRASES.map((entry) => entry.phrase)).size).toBe(STOCK_PHRASES.length);
  });

  it('counts every phrase the doc lists: no row of its tables is missing from the module', () => {
    const rows = fs
      .readFileSync(DOC, 'utf8')
      .split('\n')
      .map((line) => /^\| ([^|]+?) \|/.exec(line)?.[1])
      .filter((cell): cell is string => Boolean(cell) && cell !== 'phrase' && !/^-+$/.test(cell!));
    expect(rows.filter((row) => !STOCK_PHRASES.some((entry) => entry.phrase === row))).toEqual([]);
    expect(rows).toHaveLength(STOCK_PHRASES.length);
  });

  it('counts literal phrases, each use once', () => {
    expect(count('总而言之，这件事至关重要。总而言之，先做再说。')).toEqual([
      ['总而言之', 2],
      ['至关重要', 1],
    ]);
  });

  it('finds frames with a gap inside one sentence', () => {
    expect(count('随着人工智能技术的不断发展，写作工具越来越多。')).toEqual([['随着…的（不断）发展', 1]]);
    expect(count('随着手机的发展，拍照变简单了。')).toEqual([['随着…的（不断）发展', 1]]);
    expect(count('在这个信息爆炸的时代，注意力很贵。')).toEqual([['在这个…的时代', 1]]);
    expect(count('这不是运气，而是方法。')).toEqual([['不是…而是…', 1]]);
    // 随着 and 发展 in different sentences are not the frame.
    expect(count('随着天气转凉。行业在发展。')).toEqual([]);
  });

  it('counts a 首先…其次…最后 chain once, across sentences, but not across a heading', () => {
    expect(count('首先，列出清单。其次，排好顺序。最后，每天检查。')).toEqual([['首先…其次…最后', 1]]);
    expect(count('首先，列出清单。\n\n## 下一步\n\n其次，排好顺序。')).toEqual([]);
  });

  it('gives the density per 1,000 CJK characters, Latin words counting one', () => {
    const text = `${'写'.repeat(498)}赋能 MacBook`;
    const result = countStockPhrases(text);
    expect(result.characters).toBe(501);
    expect(result.total).toBe(1);
    expect(result.perThousand).toBeCloseTo(1000 / 501);
    expect(countStockPhrases('').perThousand).toBe(0);
  });

  it('reports nothing in plain prose', () => {
    expect(count('周末去了趟菜市场，买了两斤番茄，回家做了番茄炒蛋。')).toEqual([]);
  });
});
