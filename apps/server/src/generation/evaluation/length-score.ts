/**
 * LongBench-Write's length score S_l (Bai et al., LongWriter, 2024), as WRITING.md §7 gives it:
 * with x the requested and y the produced length, y > x: 100·max(0, 1 − (y/x − 1)/3);
 * otherwise 100·max(0, 1 − (x/y − 1)/2). Overshooting is punished less than falling short.
 */
export function lengthScore(requested: number, produced: number): number {
  if (requested <= 0) throw new RangeError('the requested length must be positive');
  if (produced <= 0) return 0;
  if (produced > requested) return 100 * Math.max(0, 1 - (produced / requested - 1) / 3);
  return 100 * Math.max(0, 1 - (requested / produced - 1) / 2);
}
