import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from '../../src/generation/stage-context.js';

describe('mapWithConcurrency', () => {
  it('keeps the order, limits the lanes, and starts nothing new after a failure', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const result = await mapWithConcurrency([30, 10, 20, 5], 2, async (ms, i) => {
      running += 1;
      peak = Math.max(peak, running);
      started.push(i);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return i * 10;
    });
    expect(result).toEqual([0, 10, 20, 30]);
    expect(peak).toBe(2);

    const begun: number[] = [];
    await expect(
      mapWithConcurrency([0, 1, 2, 3, 4], 2, async (i) => {
        begun.push(i);
        if (i === 1) throw new Error('section failed');
        await new Promise((resolve) => setTimeout(resolve, 20));
        return i;
      }),
    ).rejects.toThrow('section failed');
    expect(begun).toEqual([0, 1]);
  });
});
