import { describe, expect, it } from 'vitest';
import { UsageTally } from '../../src/generation/usage-tally.js';

describe('UsageTally', () => {
  it('adds usage per stage and in total, and prices it when prices are known', () => {
    const tally = new UsageTally({ promptPerMillion: 2, completionPerMillion: 8 });
    tally.add('writing', { promptTokens: 1000, completionTokens: 500, totalTokens: 1500 });
    tally.add('writing', { promptTokens: 1000, completionTokens: 500, totalTokens: 1500 });
    tally.add('outline', { promptTokens: 300, completionTokens: 100, totalTokens: 400 });
    expect(tally.toJSON()).toEqual({
      total: { promptTokens: 2300, completionTokens: 1100, totalTokens: 3400 },
      stages: {
        writing: { promptTokens: 2000, completionTokens: 1000, totalTokens: 3000, calls: 2 },
        outline: { promptTokens: 300, completionTokens: 100, totalTokens: 400, calls: 1 },
      },
      costYuan: 0.0134,
    });
    expect(new UsageTally().toJSON()).not.toHaveProperty('costYuan');
  });

  it('sums the cached prompt tokens per stage and in total once any call reported them', () => {
    const tally = new UsageTally();
    tally.add('analysis', { promptTokens: 500, completionTokens: 100, totalTokens: 600 });
    tally.add('writing', { promptTokens: 900, completionTokens: 400, totalTokens: 1300, cachedPromptTokens: 384 });
    tally.add('writing', { promptTokens: 900, completionTokens: 400, totalTokens: 1300, cachedPromptTokens: 640 });
    const { total, stages } = tally.toJSON();
    expect(total).toEqual({ promptTokens: 2300, completionTokens: 900, totalTokens: 3200, cachedPromptTokens: 1024 });
    expect(stages.writing).toEqual({ promptTokens: 1800, completionTokens: 800, totalTokens: 2600, cachedPromptTokens: 1024, calls: 2 });
    expect(stages.analysis).not.toHaveProperty('cachedPromptTokens');
  });
});
