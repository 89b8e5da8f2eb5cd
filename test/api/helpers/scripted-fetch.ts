/** A scripted in-memory FetchPage and manual timers for pager tests. */
import { ApiError } from '../../../src/api/http/errors.js';
import type { ListPage, RawItem } from '../../../src/api/types.js';

/** A fetchPage whose calls wait until the test settles them. */
export class Script {
  readonly calls: { cursor: string | undefined; signal: AbortSignal; resolve: (p: ListPage) => void; reject: (e: unknown) => void }[] = [];
  readonly fetch = (cursor: string | undefined, signal: AbortSignal): Promise<ListPage> =>
    new Promise((resolve, reject) => {
      this.calls.push({ cursor, signal, resolve, reject });
    });
  get cursors(): (string | undefined)[] {
    return this.calls.map((c) => c.cursor);
  }
  last() {
    const c = this.calls[this.calls.length - 1];
    if (c === undefined) throw new Error('no call');
    return c;
  }
  async answer(page: Partial<ListPage> & { items: readonly RawItem[] }): Promise<void> {
    this.last().resolve({ hasMore: false, warnings: [], ...page });
    await flush();
  }
  async fail(err: unknown): Promise<void> {
    this.last().reject(err);
    await flush();
  }
}

/** Lets a settled request run its course: its promise chain, then the immediate after which a pager takes a page whose next request went out first. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
};
export const ids = (from: number, n: number): RawItem[] => Array.from({ length: n }, (_, i) => ({ pageId: `p${from + i}` }));

/** Manual timers: the test fires them. */
export function manualTimers() {
  let clock = 1_000_000;
  const timers = new Map<number, { fn: () => void; at: number }>();
  let next = 1;
  return {
    now: () => clock,
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { fn, at: clock + ms });
      return id;
    },
    clearTimer: (h: unknown) => {
      timers.delete(h as number);
    },
    pending: () => timers.size,
    /** Advance the clock to the earliest timer and run it. */
    async runNext(): Promise<void> {
      const [id, t] = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || t === undefined) throw new Error('no timer');
      timers.delete(id);
      clock = Math.max(clock, t.at);
      t.fn();
      await flush();
    },
  };
}

export const rateLimit = (retryAt: number) => new ApiError('rate-limit', 'RATE_LIMITED', 'slow down', { status: 429, retryAt });

