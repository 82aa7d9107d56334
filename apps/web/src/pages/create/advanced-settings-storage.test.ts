import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../features/generation/tracking-fakes';
import { LAST_RUN_KEY, lastAdvancedValues, rememberAdvancedRun, rememberGuidedRun } from './advanced-settings-storage';
import { advancedDefaults } from './form-values';

const saved = {
  ...advancedDefaults(),
  topic: '数字化转型指南',
  industry: 'custom' as const,
  customIndustry: '跨境电商',
  length: 4500,
  useReferenceDoc: true,
  referenceType: 'text' as const,
  referenceText: '参考正文',
  enableSeo: true,
  seoKeywords: '转型,ERP',
  seoOptions: { optimizePlatform: false, optimizeTitleAndContent: true },
};

describe('advanced settings storage', () => {
  it('gives back the values of the last run when it was advanced', () => {
    const storage = new MemoryStorage();
    rememberAdvancedRun(storage, saved);
    expect(lastAdvancedValues(storage)).toEqual(saved);
  });

  it('gives nothing after a guided run or with nothing stored', () => {
    const storage = new MemoryStorage();
    expect(lastAdvancedValues(storage)).toBeNull();
    rememberAdvancedRun(storage, saved);
    rememberGuidedRun(storage);
    expect(lastAdvancedValues(storage)).toBeNull();
  });

  it('survives broken records', () => {
    const storage = new MemoryStorage();
    storage.setItem(LAST_RUN_KEY, '{not json');
    expect(lastAdvancedValues(storage)).toBeNull();
    storage.setItem(LAST_RUN_KEY, JSON.stringify({ advanced: true, values: 'x' }));
    expect(lastAdvancedValues(storage)).toBeNull();
  });

  it('replaces unknown options and out-of-range lengths by the defaults or the nearest allowed value', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      LAST_RUN_KEY,
      JSON.stringify({ advanced: true, values: { topic: 'x', platform: 'weibo', style: 7, length: 99999, referenceType: 'pdf' } }),
    );
    expect(lastAdvancedValues(storage)).toEqual({ ...advancedDefaults(), topic: 'x', length: 10000 });
    storage.setItem(LAST_RUN_KEY, JSON.stringify({ advanced: true, values: { length: 1234 } }));
    expect(lastAdvancedValues(storage)?.length).toBe(1200);
  });

  it('does not throw when storage refuses to write', () => {
    const full = { getItem: () => null, setItem: () => {
      throw new Error('QuotaExceededError');
    } };
    expect(() => rememberAdvancedRun(full, saved)).not.toThrow();
  });
});
