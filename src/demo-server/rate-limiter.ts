/**
 * A sliding one-second window per API key. Only admitted requests count, so a client that keeps
 * retrying too early does not push its own window further out.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perSecond: number) {}

  /** Admits the request (returns undefined) or returns whole seconds until one would be admitted. */
  check(key: string, now: number): number | undefined {
    const windowStart = now - 1000;
    const times = (this.hits.get(key) ?? []).filter((t) => t > windowStart);
    this.hits.set(key, times);
    if (times.length < this.perSecond) {
      times.push(now);
      return undefined;
    }
    // The window frees a slot when its oldest admitted request leaves it.
    const oldest = times[0] ?? now;
    return Math.max(1, Math.ceil((oldest + 1000 - now) / 1000));
  }
}
