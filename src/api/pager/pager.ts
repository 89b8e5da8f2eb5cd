/**
 * One cursor-paginated listing, kept outside React. `subscribe`/`getSnapshot` fit React's
 * `useSyncExternalStore`. Guarantees: at most one fetch in flight; a failed fetch resumes from
 * the same cursor; a cursor that succeeded is never fetched again; items are de-duplicated by id
 * (first wins); the listing stops, with a warning, on a missing or repeated cursor and after
 * too many empty pages; rate limits are waited out by a timer, as often in a row as the
 * `RateLimit` allows. While a whole listing loads, a page that cannot end it is taken just
 * after the request for its next cursor is written (held-page.ts); any call first takes it.
 *
 * It fetches for two reasons: what the view needs (`ensure(n)`, which only rises) and a load of
 * the whole listing (`loadAll()`, `G` and Tab), which `stopBackgroundLoad()` ends without
 * touching what the view needs. Kept items are packed (packed-items.ts). With `keepItems: false`
 * it keeps none: a streaming consumer takes each page's new items with `takeNew()` (see `pageBatches`).
 */
import { CursorChain } from './cursor-chain.js';
import { HeldPage } from './held-page.js';
import type { TimerHooks } from '../http/deadline-timer.js';
import type { ApiError } from '../http/errors.js';
import { anyItemId } from '../items.js';
import { PageLedger } from './page-ledger.js';
import { pageError, requestPage, type PagerFetch } from './pager-fetch.js';
import { isPeekedPage, type PageAnswer } from './peeked-page.js';
import { PagerItems, type NewItems } from './pager-items.js';
import { OneRequest } from './pager-request.js';
import { pagerSnapshot } from './pager-snapshot.js';
import { DEFAULT_MAX_RATE_LIMIT_WAITS, RateLimit, RateLimitRetry } from '../quota/rate-limit.js';
import type { ListPage, PagerSnapshot, PagerState, RawItem } from '../types.js';

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
}

const MAX_WARNINGS = 20;

export class Pager {
  readonly #fetchPage: PagerFetch;
  readonly #chain: CursorChain;
  readonly #wait: RateLimitRetry;
  readonly #listeners = new Set<() => void>();
  /** Where each fetched page put its items (a watch reads the pages on screen again from it). */
  readonly pages = new PageLedger();
  readonly #items: PagerItems;
  #state: PagerState = 'idle';
  #hasMore = true;
  #error: ApiError | undefined;
  #warnings: readonly string[] = [];
  #pagesFetched = 0;
  #version = 0;
  #snapshot: PagerSnapshot;

  #cursor: string | undefined;
  /** Items the view needs loaded. */
  #need = 0;
  /** Of those, the ones on screen: fetching beyond them is background work, paced by the quota. */
  #urgent = 0;
  /** Loading the whole listing, beyond what the view needs. */
  #loadingAll = false;
  readonly #request = new OneRequest();
  /** While loading everything: a page taken once the request for its next cursor is written. */
  readonly #held = new HeldPage((cursor, answer) => this.#takeHeld(cursor, answer));
  #disposed = false;

  constructor(fetchPage: PagerFetch, opts: PagerOptions = {}) {
    this.#fetchPage = fetchPage;
    this.#chain = new CursorChain(opts.idOf ?? anyItemId, opts.maxEmptyPages ?? 50);
    this.#wait = new RateLimitRetry(opts.rateLimit ?? new RateLimit(opts.maxAutoRetries ?? DEFAULT_MAX_RATE_LIMIT_WAITS), opts);
    this.#items = new PagerItems(opts.keepItems ?? true);
    this.#snapshot = this.#buildSnapshot();
  }

  /** The current state; the same object until something changes. */
  getSnapshot = (): PagerSnapshot => this.#snapshot;

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
  subscribe = (listener: () => void): (() => void) => {
    if (this.#disposed) return () => {};
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /**
   * The view needs at least `count` items: keeps fetching, one page at a time, until they are
   * loaded or the listing ends. The first call always fetches the first page. `Infinity` is
   * `loadAll()`. Only the first `urgent` of them (default all) are on screen; the rest are loaded ahead.
   */
  ensure(count: number, urgent = count): void {
    if (this.#disposed) return;
    this.#held.release();
    if (count === Number.POSITIVE_INFINITY) return this.loadAll();
    if (count > this.#need) this.#need = count;
    if (urgent > this.#urgent) this.#urgent = Math.min(urgent, count);
    this.#pump();
  }

  /** Loads the whole listing (`G`, Tab) until it ends or `stopBackgroundLoad()`; a failure pauses it until retry(). */
  loadAll(): void {
    if (this.#disposed) return;
    this.#held.release();
    if (!this.#hasMore && this.#pagesFetched > 0) return;
    if (!this.#loadingAll) {
      this.#loadingAll = true;
      this.#set(this.#state);
    }
    this.#pump();
  }

  /**
   * Ends a `loadAll()`: a request in flight completes and its items are kept, but nothing more is
   * fetched beyond what the view needs. A rate-limit wait is dropped unless the view needs it.
   */
  stopBackgroundLoad(): void {
    if (this.#disposed) return;
    this.#held.release();
    const wasLoading = this.#loadingAll;
    this.#loadingAll = false;
    if (this.#state === 'rate-limited' && this.#items.count >= this.#need) {
      this.#wait.drop();
      this.#error = undefined;
      this.#set(this.#hasMore ? 'idle' : 'done');
    } else if (wasLoading) {
      this.#set(this.#state);
    }
  }

  /** Stops fetching beyond what is loaded (the view's need drops to it); see stopBackgroundLoad. */
  cancelEnsure(): void {
    if (this.#disposed) return;
    this.#held.release();
    this.#need = this.#items.count;
    this.#urgent = Math.min(this.#urgent, this.#items.count);
    this.stopBackgroundLoad();
  }

  /**
   * The user left this list: abort the request in flight and stop loading. Nothing is lost; the
   * next `ensure()` resumes from the same cursor (an aborted cursor never counts as fetched).
   */
  pause(): void {
    if (this.#disposed) return;
    this.#held.release();
    this.#need = this.#items.count;
    this.#urgent = Math.min(this.#urgent, this.#items.count);
    const wasLoading = this.#loadingAll;
    this.#loadingAll = false;
    if (!this.#request.abort()) {
      if (wasLoading) this.#set(this.#state);
      return;
    }
    this.#set(this.#hasMore || this.#pagesFetched === 0 ? 'idle' : 'done');
  }

  /** After an error: fetch the failed cursor again (the automatic waits start afresh). */
  retry(): void {
    if (this.#disposed || this.#state !== 'error') return;
    this.#held.release();
    this.#wait.rateLimit.userRetry();
    this.#error = undefined;
    this.#set('idle');
    this.#pump(true);
  }

  /** Without keepItems: the items and warnings that arrived since the last call, handed out once. */
  takeNew(): NewItems {
    this.#held.release();
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
    this.#set(this.#state);
  }

  /** Aborts the in-flight request and clears timers; no notification is sent afterwards. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#wait.cancel();
    this.#held.drop();
    this.#request.abort();
    this.#listeners.clear();
  }

  #needsFetch(force: boolean): boolean {
    if (this.#pagesFetched === 0) return true;
    if (!this.#hasMore) return false;
    return force || this.#loadingAll || this.#items.count < this.#need;
  }

  #pump(force = false): void {
    if (!this.#mayFetch(force)) return;
    this.#startFetch(force);
    this.#set('loading');
  }

  #mayFetch(force: boolean): boolean {
    if (this.#disposed || this.#request.busy) return false;
    if (this.#state === 'error' || this.#state === 'rate-limited') return false;
    return this.#needsFetch(force);
  }

  /** Sends the request for the current cursor; the caller announces the 'loading' state. */
  #startFetch(force: boolean): void {
    const request = this.#request.start();
    const cursor = this.#cursor;
    const background = !force && this.#pagesFetched > 0 && this.#items.count >= this.#urgent;
    // Only a whole listing's load peeks: that is where the next request waits for the parse.
    requestPage(this.#fetchPage, cursor, request.signal, background, this.#loadingAll).then(
      (answer) => {
        // A held page goes first: if its peek was wrong, this answer is for a withdrawn request.
        this.#held.release();
        if (this.#request.isCurrent(request) && !this.#disposed) this.#onPage(cursor, answer);
      },
      (err: unknown) => {
        this.#held.release();
        if (this.#request.isCurrent(request) && !this.#disposed) this.#onError(err);
      },
    );
  }

  #onPage(cursor: string | undefined, answer: PageAnswer): void {
    this.#request.settle();
    const early = this.#loadingAll && this.#items.count >= this.#urgent ? this.#chain.nextBeforeAccept(cursor, answer) : undefined;
    let page: ListPage | undefined;
    if (early === undefined) {
      try {
        page = isPeekedPage(answer) ? answer.parse() : answer;
      } catch (err) {
        this.#onError(err);
        return;
      }
    }
    this.#pagesFetched++;
    this.#wait.answered();
    this.#error = undefined;
    this.#state = 'idle';

    if (page === undefined) {
      // The page cannot end the listing: its next cursor goes out first (see held-page.ts).
      this.#cursor = early;
      if (this.#mayFetch(false)) {
        this.#startFetch(false);
        this.#state = 'loading';
      }
      this.#held.hold(cursor, answer);
      return;
    }
    this.#takePage(cursor, page);
    // The next cursor's request is still sent before the listeners run: one with much to do for
    // this page is best run from an immediate, which runs after the write (held-page.ts).
    if (this.#mayFetch(false)) this.#startFetch(false);
    this.#set(this.#request.busy ? 'loading' : this.#state);
  }

  /**
   * Takes a page held while the request for its next cursor went out. A peeked page is parsed now
   * and must bear its peek out; if it fails, or says otherwise, the request sent ahead is withdrawn
   * (aborted: its cursor never counts as fetched) and the page fails or is followed as parsed.
   */
  #takeHeld(cursor: string | undefined, answer: PageAnswer): void {
    let page: ListPage = answer as ListPage;
    if (isPeekedPage(answer)) {
      try {
        page = answer.parse();
      } catch (err) {
        this.#withdrawEarly(cursor);
        this.#pagesFetched--;
        this.#onError(err);
        return;
      }
      if (!page.hasMore || page.nextCursor !== answer.nextCursor) {
        this.#withdrawEarly(cursor);
        this.#takePage(cursor, page);
        if (this.#mayFetch(false)) this.#startFetch(false);
        this.#set(this.#request.busy ? 'loading' : this.#state);
        return;
      }
    }
    this.#takePage(cursor, page);
    this.#set(this.#state);
  }

  /** Aborts the request sent ahead of the held page from `cursor`; that page's cursor is current again. */
  #withdrawEarly(cursor: string | undefined): void {
    this.#request.abort();
    this.#cursor = cursor;
    this.#state = 'idle';
  }

  /** De-duplicates and keeps a page's items and warnings and follows its cursor (or ends the listing). */
  #takePage(cursor: string | undefined, page: ListPage): void {
    const { added, picks, warnings, next } = this.#chain.accept(cursor, page);
    if (added.length > 0) {
      this.pages.record(cursor, this.#items.count, added.length);
      this.#items.add(added, page.source, picks);
    }
    if (next === undefined) {
      this.#hasMore = false;
      this.#loadingAll = false;
      if (this.#state === 'idle') this.#state = 'done';
    } else {
      this.#cursor = next;
    }
    if (warnings.length > 0) {
      this.#warnings = [...this.#warnings, ...warnings].slice(-MAX_WARNINGS);
      this.#items.addWarnings(warnings);
    }
  }

  #onError(raw: unknown): void {
    this.#held.release();
    this.#request.settle();
    const err = pageError(raw);
    this.#error = err;
    const at = this.#wait.begin(err);
    if (at !== undefined) {
      this.#set('rate-limited');
      this.#schedule(at);
      return;
    }
    this.#set('error');
  }

  #schedule(at: number): void {
    this.#wait.start(at, () => {
      if (this.#disposed || this.#state !== 'rate-limited') return;
      this.#wait.over();
      this.#state = 'idle';
      this.#pump(true);
      if (this.#state === 'idle') this.#set('idle');
    });
  }

  #set(state: PagerState): void {
    this.#state = state;
    this.#version++;
    this.#snapshot = this.#buildSnapshot();
    for (const l of [...this.#listeners]) l();
  }

  #buildSnapshot(): PagerSnapshot {
    const loadingAll = this.#loadingAll && this.#hasMore;
    const fields = { state: this.#state, hasMore: this.#hasMore, warnings: this.#warnings, pagesFetched: this.#pagesFetched, loadingAll };
    return pagerSnapshot({ ...fields, version: this.#version, error: this.#error, retryAt: this.#wait.until }, () => this.#items.published());
  }
}
