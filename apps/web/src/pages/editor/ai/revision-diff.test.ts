import { describe, expect, it } from 'vitest';
import { applyChanges, changeIds, diffPieces } from './revision-diff';

const OLD = '很多人一开始就把目标定得太高，结果坚持不到一周就放弃了。\n\n第二段不变。';
const NEW = '不少人一开始就把目标定得太高，坚持不到一周就放弃了，读起来更顺了。\n\n第二段不变。';

describe('diffPieces and applyChanges', () => {
  it('marks word-sized changes and gives back either text whole', () => {
    const pieces = diffPieces(OLD, NEW);
    const ids = changeIds(pieces);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(pieces.find((piece) => piece.kind === 'change')).toMatchObject({ removed: '很多', added: '不少' });
    expect(applyChanges(pieces, new Set(ids))).toBe(NEW);
    expect(applyChanges(pieces, new Set())).toBe(OLD);
  });

  it('applies only the accepted changes', () => {
    const pieces = diffPieces(OLD, NEW);
    const first = changeIds(pieces)[0]!;
    const text = applyChanges(pieces, new Set([first]));
    expect(text.startsWith('不少人')).toBe(true);
    expect(text).toContain('结果坚持');
    expect(text.endsWith('第二段不变。')).toBe(true);
  });

  it('joins two changes separated by one character into one', () => {
    const pieces = diffPieces('甲的乙', '丙的丁');
    expect(changeIds(pieces)).toHaveLength(1);
    expect(applyChanges(pieces, new Set([0]))).toBe('丙的丁');
  });

  it('keeps whitespace and line breaks exact', () => {
    const before = '一 二\n\n三';
    const after = '一二\n三  四';
    const pieces = diffPieces(before, after);
    expect(applyChanges(pieces, new Set(changeIds(pieces)))).toBe(after);
    expect(applyChanges(pieces, new Set())).toBe(before);
  });

  it('has no change for equal texts', () => {
    expect(changeIds(diffPieces('相同', '相同'))).toEqual([]);
  });
});
