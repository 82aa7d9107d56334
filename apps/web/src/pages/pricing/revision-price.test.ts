import { describe, expect, it, vi } from 'vitest';
import { revisionPriceAnswer, revisionRateText } from './revision-price';

// A different rate than the real one: the page's figures must follow the constant, not be typed in.
vi.mock('@tianma/shared', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@tianma/shared')>();
  return { ...shared, REVISION_CHARS_PER_COIN: 40, revisionCost: (chars: number) => Math.ceil(chars / 40) };
});

describe('the AI editing price on the pricing page', () => {
  it('takes its figures from REVISION_CHARS_PER_COIN and revisionCost', () => {
    expect(revisionRateText()).toBe('每 40 字 1 币');
    const answer = revisionPriceAnswer();
    expect(answer).toContain('每 40 字 1 币，不足 40 字的部分按 40 字计');
    // 2.5 units, rounded up.
    expect(answer).toContain('例如生成 100 字消耗 3 币');
    expect(answer).not.toContain('100 字 1 币');
  });
});
