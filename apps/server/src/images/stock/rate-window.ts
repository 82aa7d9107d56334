/**
 * A sliding-window request limiter, per process: at most `limit` requests in any `windowMs`.
 * A request over the limit is refused at once (the caller skips that source for this search)
 * rather than queued: a picture search is interactive and cannot wait a minute, let alone an hour.
 * The API's own rate-limit headers can close the window early (blockUntil), so that several
 * processes sharing one key stop asking once the API says the allowance is spent.
 */
export class SlidingWindowLimiter {
  private readonly times: number[] = [];
  private blockedUntil = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot and answers true, or answers false when the window is full (nothing taken). */
  tryTake(): boolean {
    const now = this.now();
    if (now < this.blockedUntil) return false;
    while (this.times.length > 0 && this.times[0]! <= now - this.windowMs) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }

  /** Refuses every request until `time` (ms since the epoch), e.g. after the API answered 429. */
  blockUntil(time: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, Math.min(time, this.now() + this.windowMs));
  }
}
