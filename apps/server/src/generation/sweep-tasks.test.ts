import { describe, expect, it } from 'vitest';
import { recoveryTiming, STALE_AFTER_MS } from './sweep-tasks.js';

describe('recoveryTiming', () => {
  it('keeps the long-standing defaults: 10 s heartbeats, 30 s sweeps, a 2-minute window', () => {
    expect(recoveryTiming()).toEqual({ staleAfterMs: STALE_AFTER_MS, heartbeatMs: 10_000, sweepEveryMs: 30_000, requeueEveryMs: 30_000, requeueAfterMs: 30_000 });
    expect(STALE_AFTER_MS).toBe(120_000);
  });

  it('scales down with a short window: several beats per window, four looks per window', () => {
    expect(recoveryTiming(3000)).toEqual({ staleAfterMs: 3000, heartbeatMs: 500, sweepEveryMs: 750, requeueEveryMs: 750, requeueAfterMs: 750 });
  });

  it('never beats or sweeps faster than its floors, nor slower than its ceilings', () => {
    expect(recoveryTiming(2000)).toMatchObject({ heartbeatMs: 333, sweepEveryMs: 500 });
    expect(recoveryTiming(1000)).toMatchObject({ heartbeatMs: 250, sweepEveryMs: 500 });
    expect(recoveryTiming(3_600_000)).toMatchObject({ heartbeatMs: 10_000, sweepEveryMs: 30_000, requeueAfterMs: 30_000 });
    for (const window of [2000, 5000, 60_000, 120_000, 3_600_000]) {
      const timing = recoveryTiming(window);
      // A live worker beats at least four times before it could be taken for dead.
      expect(window / timing.heartbeatMs).toBeGreaterThanOrEqual(4);
    }
  });
});
