/**
 * One cursor-paginated listing, kept outside React. `subscribe`/`getSnapshot` fit React's
 * `useSyncExternalStore`. Guarantees: at most one fetch in flight; a failed fetch resumes from
 * the same cursor; a cursor that succeeded is never fetched again; items are de-duplicated by id
 * (first wins); the listing stops, with a warning, on a missing or repeated cursor and after
 * too many empty pages; rate limits are waited out by a timer, as often in a row as the
 * `RateLimit` allows. While a whole listing loads, a page that cannot end it is taken just
 * after the request for its next cursor is written (held-page.ts); any call first takes it.
 *
 * It fetches for two reasons (pager-demand.ts): what the view needs (`ensure(n)`, which only rises)
 * and a load of the whole listing (`loadAll()`, `G` and Tab), which `stopBackgroundLoad()` ends
 * without touching what the view needs. Kept items are packed (packed-items.ts). With
 * `keepItems: false` it keeps none: a streaming consumer takes each page's new items with
 * `takeNew()` (see `pageBatches`). This class is what callers ask for; the fetching is
 * fetch-loop.ts, and what readers see is pager-status.ts.
 */
import { CursorChain } from './cursor-chain.js';
import { FetchLoop } from './fetch-loop.js';
import type { TimerHooks } from '../http/deadline-timer.js';
import { anyItemId } from '../items.js';
import { PageLedger } from './page-ledger.js';
import { PagerDemand } from './pager-demand.js';
import type { PagerFetch } from './pager-fetch.js';
import { PagerItems, type NewItems } from './pager-items.js';
import { PagerStatus } from './pager-status.js';
import { DEFAULT_MAX_RATE_LIMIT_WAITS, RateLimit, RateLimitRetry } from '../quota/rate-limit.js';
import type { PagerSnapshot, RawItem, RequestWait } from '../types.js';
import { stoppedWaitError } from './stopped-wait.js';

/**
 * A request in flight this long is hung, as far as stopping a whole-list load goes: Esc gives it up
 * rather than have it land or fail (after the deadline) for a load the user stopped. The status
 * line shows a load's wait from the same moment (status-format.ts).
 */
export const HUNG_MS = 1_500;

export { NO_CURSOR_WARNING, REPEATED_CURSOR_WARNING } from './cursor-chain.js';
export type { NewItems } from './pager-items.js';

export interface PagerOptions extends TimerHooks {
  /** Id used for de-duplication; `''` means "no id" (never de-duplicated). */
  readonly idOf?: (raw: RawItem) => string;
  /** The rate limit waited out, with its budget of automatic waits, shared with the client (`client.rateLimit`). */
  readonly rateLimit?: RateLimit;
  /** Without `rateLimit`: automatic waits in a row before waiting for retry(); default 5. */
  readonly maxAutoRetries?: number;
  /** Consecutive pages that add no item before the listing stops; default 50. */
  readonly maxEmptyPages?: number;
  /** False: items are only handed out by `takeNew()`, never kept (snapshot items stay empty). */
  readonly keepItems?: boolean;
  /** What its requests wait for, and their limit (shown while one waits, said when one is stopped). */
  readonly wait?: RequestWait;
}

export class Pager {
  readonly #chain: CursorChain;
  readonly #wait: RateLimitRetry;
  /** Where each fetched page put its items (a watch reads the pages on screen again from it). */
  readonly pages = new PageLedger();
  readonly #items: PagerItems;
  readonly #demand = new PagerDemand();
  readonly #status: PagerStatus;
  readonly #loop: FetchLoop;
  #disposed = false;
  #stale: { readonly items: readonly RawItem[]; readonly hasMore: boolean } | undefined;
  readonly #now: () => number;
  /** The request in flight has not left yet (it waits for the quota); false where that is not known. */
  readonly #unsent: () => boolean;

  constructor(fetchPage: PagerFetch, opts: PagerOptions = {}) {
    this.#now = opts.now ?? Date.now;
    const sentAt = opts.wait?.sentAt;
    this.#unsent = sentAt === undefined ? () => false : () => sentAt() === undefined;
    this.#chain = new CursorChain(opts.idOf ?? anyItemId, opts.maxEmptyPages ?? 50);
    this.#wait = new RateLimitRetry(opts.rateLimit ?? new RateLimit(opts.maxAutoRetries ?? DEFAULT_MAX_RATE_LIMIT_WAITS), opts);
    this.#items = new PagerItems(opts.keepItems ?? true);
    this.#status = new PagerStatus({
      loadingAll: () => this.#demand.loadingAll,
      retryAt: () => this.#wait.until,
      items: () => this.#items.published(),
      loadingSince: () => this.#loop.startedAt,
      mayTryNow: () => this.#wait.rateLimit.mayTryNow(this.#now()),
      ...(opts.wait === undefined ? {} : { wait: opts.wait }),
      staleItems: () => (this.#stale !== undefined && this.#status.pagesFetched === 0 ? this.#stale : undefined),
    });
    const parts = { chain: this.#chain, wait: this.#wait, status: this.#status, demand: this.#demand, items: this.#items, pages: this.pages };
    this.#loop = new FetchLoop(fetchPage, parts);
  }

  /** The current state; the same object until something changes. */
  getSnapshot = (): PagerSnapshot => this.#status.snapshot;

  /** Items accepted so far (also without keepItems, where the snapshot holds none). */
  get loadedCount(): number {
    return this.#items.count;
  }

  /** Whether an item with this id was loaded in this listing (also one a watch found gone since). */
  hasSeen = (id: string): boolean => this.#chain.hasSeen(id);

  /** The rate limit this pager waits out. */
  get rateLimit(): RateLimit {
    return this.#wait.rateLimit;
  }

  /** Registers a listener called synchronously after every change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => (this.#disposed ? () => {} : this.#status.subscribe(listener));

  /**
   * The view needs at least `count` items: keeps fetching, one page at a time, until they are
   * loaded or the listing ends. The first call always fetches the first page. `Infinity` is
   * `loadAll()`. Only the first `urgent` of them (default all) are on screen; the rest are loaded ahead.
   */
  ensure(count: number, urgent = count): void {
    if (this.#disposed) return;
    this.#loop.takeHeldPage();
    if (count === Number.POSITIVE_INFINITY) return this.loadAll();
    this.#demand.raise(count, urgent);
    this.#loop.promote(this.#unsent());
    this.#loop.pump();
  }

  /** Loads the whole listing (`G`, Tab) until it ends or `stopBackgroundLoad()`; a failure pauses it until retry(). */
  loadAll(): void {
    if (this.#disposed) return;
    this.#loop.takeHeldPage();
    if (!this.#status.hasMore && this.#status.pagesFetched > 0) return;
    if (!this.#demand.setLoadingAll(true)) this.#status.publish();
    this.#loop.pump();
  }

  /**
   * Ends a `loadAll()`: a request in flight completes and its items are kept, but nothing more is
   * fetched beyond what the view needs. A rate-limit wait is dropped unless the view needs it.
   */
  stopBackgroundLoad(): void {
    if (this.#disposed) return;
    this.#loop.takeHeldPage();
    const wasLoading = this.#demand.setLoadingAll(false);
    if (this.#status.state === 'rate-limited' && this.#demand.covered(this.#items.count)) {
      this.#wait.drop();
      this.#status.error = undefined;
      this.#status.publish(this.#status.hasMore ? 'idle' : 'done');
    } else if (this.#status.state === 'loading' && (this.#heldBack() || this.#hung()) && this.#demand.covered(this.#items.count) && this.#loop.abort()) {
      // Not sent yet (the quota holds it back), or hung, and not needed: it goes, rather than land
      // (or fail) seconds later. Its cursor does not count as fetched: a later load asks again.
      this.#status.publish('idle');
    } else if (wasLoading) {
      this.#status.publish();
    }
  }

  /** The request in flight has waited HUNG_MS or more (from then on the status line shows its clock). */
  #hung(): boolean {
    const since = this.#loop.startedAt;
    return since !== undefined && Date.now() - since >= HUNG_MS;
  }

  /** The request in flight has not left yet: the quota holds it back (known only where the wait says when it left). */
  #heldBack(): boolean {
    const sentAt = this.#status.snapshot.wait?.sentAt;
    return sentAt !== undefined && sentAt() === undefined;
  }

  /** Stops fetching beyond what is loaded (the view's need drops to it); see stopBackgroundLoad. */
  cancelEnsure(): void {
    if (this.#disposed) return;
    this.#loop.takeHeldPage();
    this.#demand.lowerTo(this.#items.count);
    this.stopBackgroundLoad();
  }

  /**
   * The user left this list: abort the request in flight and stop loading. Nothing is lost; the
   * next `ensure()` resumes from the same cursor (an aborted cursor never counts as fetched).
   */
  pause(): void {
    if (this.#disposed) return;
    this.#loop.takeHeldPage();
    this.#demand.lowerTo(this.#items.count);
    const wasLoading = this.#demand.setLoadingAll(false);
    if (!this.#loop.abort()) {
      if (wasLoading) this.#status.publish();
      return;
    }
    this.#status.publish(this.#status.hasMore || this.#status.pagesFetched === 0 ? 'idle' : 'done');
  }

  /**
   * The user stops waiting for the first page (Esc or `r` while it hangs): the request is
   * aborted and the listing fails with an error saying what it waited for, which `retry()` sends again.
   */
  stopFirstWait(): boolean {
    const since = this.#loop.startedAt;
    if (this.#disposed || this.#status.pagesFetched > 0 || since === undefined) return false;
    const error = stoppedWaitError(this.#status.snapshot.wait, this.#now() - since);
    this.#loop.takeHeldPage();
    this.#loop.abort();
    this.#status.error = error;
    this.#status.publish('error');
    return true;
  }

  /**
   * After an error: fetch the failed cursor again (the automatic waits start afresh). After a rate
   * limit whose wait is long, the request goes now, once, as `tryNow` sends it.
   */
  retry(): void {
    if (this.#disposed || this.#status.state !== 'error') return;
    this.#loop.takeHeldPage();
    if (this.#status.error?.kind === 'rate-limit') this.#wait.rateLimit.tryNow(this.#now());
    this.#wait.rateLimit.userRetry();
    this.#status.error = undefined;
    this.#status.publish('idle');
    this.#loop.pump(true);
  }

  /**
   * `r` during a long rate-limit wait (over a minute): one request now instead of waiting it out,
   * once per wait. False when the wait is short or was cut short already (then nothing is sent).
   */
  tryNow(): boolean {
    if (this.#disposed || this.#status.state !== 'rate-limited') return false;
    if (!this.#wait.rateLimit.tryNow(this.#now())) return false;
    this.#loop.takeHeldPage();
    this.#wait.drop();
    this.#status.error = undefined;
    this.#status.publish('idle');
    this.#loop.pump(true);
    return true;
  }

  /**
   * Rows from an earlier session (a cache), shown in the snapshot (`stale: true`) until the first
   * page arrives and replaces them. They are not part of the listing: nothing counts or de-duplicates them.
   * `hasMore`: the list went on beyond them when they were kept (what the header says of them).
   */
  showStale(items: readonly RawItem[], hasMore: boolean): void {
    if (this.#disposed || this.#status.pagesFetched > 0 || items.length === 0) return;
    this.#stale = { items, hasMore };
    this.#status.publish();
  }

  /** The rows from an earlier session go (the server refused the key they were shown for). */
  dropStale(): void {
    if (this.#disposed || this.#stale === undefined) return;
    this.#stale = undefined;
    this.#status.publish();
  }

  /** Without keepItems: the items and warnings that arrived since the last call, handed out once. */
  takeNew(): NewItems {
    this.#loop.takeHeldPage();
    return this.#items.takeNew();
  }

  /**
   * A watch read some loaded pages again (outside the cursor chain): the items at the keys of
   * `replaced` changed, those at `removed` (ascending positions) went. Kept items only.
   */
  revise(replaced: ReadonlyMap<number, RawItem>, removed: readonly number[]): void {
    if (this.#disposed || !this.#items.keeps || (replaced.size === 0 && removed.length === 0)) return;
    this.#items.revise(replaced, removed);
    this.pages.removed(removed);
    this.#status.publish();
  }

  /** Aborts the in-flight request and clears timers; no notification is sent afterwards. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#loop.dispose();
    this.#status.close();
  }
}
