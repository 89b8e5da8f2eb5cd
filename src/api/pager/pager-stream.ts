/**
 * A streaming walk over a Pager made with `keepItems: false`: the same cursor chain, loop guards,
 * de-duplication and rate-limit budget as the app's lists, without keeping the items. Each page
 * is fetched while the consumer handles the one before, and no further, so a slow reader slows
 * the requests and memory stays flat (the ids and cursors seen are all that grows).
 */
import type { ApiError } from '../http/errors.js';
import type { NewItems, Pager } from './pager.js';

export interface RateLimitWait {
  /** How long the listing waits before the next request. */
  readonly waitMs: number;
  /** 1 for the first wait in a row. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly error: ApiError;
}

export interface PageBatchOptions {
  /** Called once for each rate-limit wait, as it starts. */
  readonly onRateLimit?: (wait: RateLimitWait) => void;
  readonly now?: () => number;
  /** The consumer stops after this many items: no page is read ahead past it. */
  readonly maxItems?: number;
  /** A rate-limit wait longer than this is not taken: its error is thrown at once. */
  readonly maxWaitMs?: number;
}

/**
 * Yields each page's new items and warnings (pages that bring neither are skipped). Ends when
 * the listing ends or a loop guard stops it (its warning is yielded first); throws the ApiError
 * that stopped it, a rate limit once the budget is spent or when its wait is over `maxWaitMs`. Leaving the loop early disposes of the
 * pager (a request in flight is aborted).
 */
export async function* pageBatches(pager: Pager, o: PageBatchOptions = {}): AsyncGenerator<NewItems, void, undefined> {
  const now = o.now ?? Date.now;
  let wake: (() => void) | undefined;
  const unsubscribe = pager.subscribe(() => wake?.());
  let taken = 0;
  let reported: ApiError | undefined;
  try {
    for (;;) {
      const batch = pager.takeNew();
      if (batch.items.length > 0 || batch.warnings.length > 0) {
        taken += batch.items.length;
        // One page read ahead: its request travels while the consumer writes this batch (over a
        // slow link that is one round trip saved per page); never more than one, so memory stays flat.
        if (taken < (o.maxItems ?? Number.POSITIVE_INFINITY) && pager.getSnapshot().hasMore) pager.ensure(taken + 1);
        yield batch;
        continue;
      }
      const snap = pager.getSnapshot();
      if (snap.state === 'done') return;
      if (snap.state === 'error') throw snap.error;
      if (snap.state === 'rate-limited' && snap.error !== undefined && snap.error !== reported) {
        reported = snap.error;
        const waitMs = Math.max(0, (snap.retryAt ?? now()) - now());
        if (waitMs > (o.maxWaitMs ?? Number.POSITIVE_INFINITY)) throw snap.error;
        const budget = pager.rateLimit;
        o.onRateLimit?.({ waitMs, attempt: budget.waitsTaken, maxAttempts: budget.maxWaits, error: snap.error });
      }
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      pager.ensure(taken + 1);
      await changed;
      wake = undefined;
    }
  } finally {
    unsubscribe();
    pager.dispose();
  }
}
