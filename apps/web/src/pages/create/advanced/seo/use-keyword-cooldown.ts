import { useCallback, useRef } from 'react';
import { useCountdown } from '../../../../components/account/use-countdown';

/** The wait before each recommendation by how many came before it: none, 3 s, 10 s, then 30 s (spec §5, §9). */
export const KEYWORD_COOLDOWNS = [0, 3, 10, 30] as const;

export function cooldownAfter(uses: number): number {
  if (uses <= 0) return 0;
  return KEYWORD_COOLDOWNS[Math.min(uses, KEYWORD_COOLDOWNS.length - 1)]!;
}

/**
 * Counts recommendation uses and the seconds left before the next one is allowed. Kept for the
 * page's lifetime: turning SEO off and on again does not restart the count.
 */
export function useKeywordCooldown(): { remaining: number; use: () => void } {
  const uses = useRef(0);
  const { remaining, start } = useCountdown();
  const use = useCallback(() => {
    uses.current += 1;
    const seconds = cooldownAfter(uses.current);
    if (seconds > 0) start(seconds);
  }, [start]);
  return { remaining, use };
}
