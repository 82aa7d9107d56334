import { describe, expect, it } from 'vitest';
import { appendKeyword, hasKeyword, keywordCount, MAX_FIELD_KEYWORDS } from './keyword-field';
import { cooldownAfter } from './use-keyword-cooldown';

describe('the keyword field', () => {
  it('appends with the separator the field already uses', () => {
    expect(appendKeyword('', '数字化转型')).toBe('数字化转型');
    expect(appendKeyword('转型', 'ERP')).toBe('转型,ERP');
    expect(appendKeyword('转型，中小企业', 'ERP')).toBe('转型，中小企业，ERP');
    expect(appendKeyword('转型，中小企业, ', 'ERP')).toBe('转型，中小企业,ERP');
    expect(appendKeyword('转型，', 'ERP')).toBe('转型，ERP');
  });

  it('does not add a keyword twice (case and spaces ignored)', () => {
    expect(appendKeyword('erp, 转型', 'ERP')).toBe('erp, 转型');
    expect(appendKeyword('转型', ' 转型 ')).toBe('转型');
    expect(hasKeyword('数字化转型，ERP', 'erp')).toBe(true);
    expect(hasKeyword('数字化转型', '转型')).toBe(false);
  });

  it('counts keywords and refuses more than the server keeps', () => {
    expect(keywordCount('a, b，c、d,,')).toBe(4);
    const full = Array.from({ length: MAX_FIELD_KEYWORDS }, (_, i) => `词${i}`).join(',');
    expect(appendKeyword(full, '再来一个')).toBeUndefined();
    expect(appendKeyword('长'.repeat(498), '关键词')).toBeUndefined();
  });
});

describe('the recommendation cooldown', () => {
  it('is none before the first use, then 3 s, 10 s and 30 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(cooldownAfter)).toEqual([0, 3, 10, 30, 30, 30]);
  });
});
