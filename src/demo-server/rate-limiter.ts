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

/** How the quota is announced: the IETF draft's lists, RateLimit-*, X-RateLimit-*, or not at all. */
export type QuotaHeaders = 'draft' | 'legacy' | 'x' | 'none';
export const QUOTA_HEADER_FORMS: readonly QuotaHeaders[] = ['draft', 'legacy', 'x', 'none'];

export interface QuotaDecision {
  readonly admitted: boolean;
  /** Whole seconds until the window resets (rounded up: never earlier than the true reset). */
  readonly resetSeconds: number;
  /** The fields announcing the quota, in the configured form (empty for 'none'). */
  readonly headers: Record<string, string>;
}

/**
 * A fixed window per API key: `quota` requests in `windowSeconds`, from the whole second in which
 * the key's first request of the window came (so a reset announced as a Unix time is exact). Only
 * admitted requests count.
 */
export class QuotaLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly quota: number,
    private readonly windowSeconds: number,
    private readonly form: QuotaHeaders = 'draft',
    /** The windows' clock, when not the request's arrival (`now`). */
    private readonly clock?: () => number,
  ) {}

  take(key: string, arrival: number): QuotaDecision {
    const now = this.clock?.() ?? arrival;
    const windowMs = this.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (window === undefined || now >= window.start + windowMs) {
      window = { start: Math.floor(now / 1000) * 1000, used: 0 };
      this.windows.set(key, window);
    }
    const admitted = window.used < this.quota;
    if (admitted) window.used++;
    const resetMs = window.start + windowMs - now;
    const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
    const remaining = this.quota - window.used;
    return { admitted, resetSeconds, headers: this.fields(remaining, resetSeconds, (window.start + windowMs) / 1000) };
  }

  private fields(remaining: number, resetSeconds: number, resetUnix: number): Record<string, string> {
    switch (this.form) {
      case 'draft':
        return {
          'ratelimit-policy': `"default";q=${this.quota};w=${this.windowSeconds}`,
          ratelimit: `"default";r=${remaining};t=${resetSeconds}`,
        };
      case 'legacy':
        return { 'ratelimit-limit': String(this.quota), 'ratelimit-remaining': String(remaining), 'ratelimit-reset': String(resetSeconds) };
      case 'x':
        return { 'x-ratelimit-limit': String(this.quota), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(resetUnix) };
      case 'none':
        return {};
    }
  }
}
