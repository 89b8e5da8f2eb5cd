/**
 * One cursor-paginated listing, kept outside React. `subscribe`/`getSnapshot` fit React's
 * `useSyncExternalStore`. Guarantees: at most one fetch in flight; a failed fetch resumes from
 * the same cursor; a cursor that succeeded is never fetched again; items are de-duplicated by id
 * (first wins); the listing stops, with a warning, on a missing or repeated cursor and after
 * too many empty pages; rate limits are waited out by a timer, at most `maxAutoRetries` times in
 * a row.
 */
import { ApiError, isApiError } from './errors.js';
import { anyItemId } from './items.js';
import type { FetchPage, PagerSnapshot, PagerState, RawItem } from './types.js';

export interface PagerOptions {
  /** Id used for de-duplication; `''` means "no id" (never de-duplicated). */
  readonly idOf?: (raw: RawItem) => string;
  /** Automatic retries after consecutive rate-limit errors before waiting for retry(); default 5. */
  readonly maxAutoRetries?: number;
  /** Consecutive pages that add no item before the listing stops; default 50. */
  readonly maxEmptyPages?: number;
  readonly now?: () => number;
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export const NO_CURSOR_WARNING = 'The server said more items exist but sent no cursor; stopped.';
export const REPEATED_CURSOR_WARNING = 'The server sent a cursor it had already sent; stopped to avoid a loop.';
export const DUPLICATES_WARNING = 'The server sent some items more than once; later copies are hidden.';
const MAX_WARNINGS = 20;

export class Pager {
  readonly #fetchPage: FetchPage;
  readonly #idOf: (raw: RawItem) => string;
  readonly #maxAutoRetries: number;
  readonly #maxEmptyPages: number;
  readonly #now: () => number;
  readonly #setTimer: (fn: () => void, ms: number) => unknown;
  readonly #clearTimer: (handle: unknown) => void;
  readonly #listeners = new Set<() => void>();
  readonly #seenIds = new Set<string>();
  /** Every cursor received from the server in this listing (fetched or about to be). */
  readonly #seenCursors = new Set<string>();

  /** Grows in place; callers get `#published`, a copy made only when someone reads it. */
  readonly #items: RawItem[] = [];
  #published: readonly RawItem[] | undefined = [];
  #state: PagerState = 'idle';
  #hasMore = true;
  #error: ApiError | undefined;
  #retryAt: number | undefined;
  #warnings: readonly string[] = [];
  #pagesFetched = 0;
  #version = 0;
  #snapshot: PagerSnapshot;

  #cursor: string | undefined;
  #target = 0;
  #inFlight: AbortController | undefined;
  #timer: unknown;
  #autoRetries = 0;
  #emptyStreak = 0;
  #warnedDuplicates = false;
  #disposed = false;

  constructor(fetchPage: FetchPage, opts: PagerOptions = {}) {
    this.#fetchPage = fetchPage;
    this.#idOf = opts.idOf ?? anyItemId;
    this.#maxAutoRetries = opts.maxAutoRetries ?? 5;
    this.#maxEmptyPages = opts.maxEmptyPages ?? 50;
    this.#now = opts.now ?? Date.now;
    this.#setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.#clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.#snapshot = this.#buildSnapshot();
  }

  /** The current state; the same object until something changes. */
  getSnapshot = (): PagerSnapshot => this.#snapshot;

  /** Registers a listener called synchronously after every change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    if (this.#disposed) return () => {};
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /**
   * Keeps fetching, one page at a time, until at least `count` items are loaded or the listing
   * ends (`Infinity` loads all). The first call always fetches the first page.
   */
  ensure(count: number): void {
    if (this.#disposed) return;
    if (count > this.#target) this.#target = count;
    this.#pump();
  }

  /** Stops a running load-all: the in-flight fetch completes, no further page is requested. */
  cancelEnsure(): void {
    if (this.#disposed) return;
    this.#target = this.#items.length;
    if (this.#state === 'rate-limited') {
      this.#cancelTimer();
      this.#retryAt = undefined;
      this.#error = undefined;
      this.#autoRetries = 0;
      this.#set(this.#hasMore ? 'idle' : 'done');
    }
  }

  /**
   * The user left this list: abort the request in flight and stop loading. Nothing is lost; the
   * next `ensure()` resumes from the same cursor (an aborted cursor never counts as fetched).
   */
  pause(): void {
    if (this.#disposed) return;
    this.#target = this.#items.length;
    const inFlight = this.#inFlight;
    if (inFlight === undefined) return;
    this.#inFlight = undefined;
    inFlight.abort();
    this.#set(this.#hasMore || this.#pagesFetched === 0 ? 'idle' : 'done');
  }

  /** After an error: fetch the failed cursor again (the auto-retry budget starts afresh). */
  retry(): void {
    if (this.#disposed || this.#state !== 'error') return;
    this.#autoRetries = 0;
    this.#error = undefined;
    this.#set('idle');
    this.#pump(true);
  }

  /** Aborts the in-flight request and clears timers; no notification is sent afterwards. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#cancelTimer();
    this.#inFlight?.abort();
    this.#inFlight = undefined;
    this.#listeners.clear();
  }

  #needsFetch(force: boolean): boolean {
    if (this.#pagesFetched === 0) return true;
    if (!this.#hasMore) return false;
    return force || this.#items.length < this.#target;
  }

  #pump(force = false): void {
    if (this.#disposed || this.#inFlight !== undefined) return;
    if (this.#state === 'error' || this.#state === 'rate-limited') return;
    if (!this.#needsFetch(force)) return;
    const controller = new AbortController();
    const cursor = this.#cursor;
    this.#inFlight = controller;
    this.#set('loading');
    let promise: Promise<Awaited<ReturnType<FetchPage>>>;
    try {
      promise = this.#fetchPage(cursor, controller.signal);
    } catch (err) {
      promise = Promise.reject(err);
    }
    promise.then(
      (page) => {
        if (this.#inFlight === controller && !this.#disposed) this.#onPage(cursor, page);
      },
      (err: unknown) => {
        if (this.#inFlight === controller && !this.#disposed) this.#onError(err);
      },
    );
  }

  #onPage(cursor: string | undefined, page: Awaited<ReturnType<FetchPage>>): void {
    this.#inFlight = undefined;
    this.#pagesFetched++;
    this.#autoRetries = 0;
    this.#error = undefined;
    this.#retryAt = undefined;
    if (cursor !== undefined) this.#seenCursors.add(cursor);

    const added: RawItem[] = [];
    let duplicates = 0;
    for (const raw of page.items) {
      const id = this.#idOf(raw);
      if (id !== '') {
        if (this.#seenIds.has(id)) {
          duplicates++;
          continue;
        }
        this.#seenIds.add(id);
      }
      added.push(raw);
    }
    if (added.length > 0) {
      for (const raw of added) this.#items.push(raw);
      this.#published = undefined;
    }

    const warnings = [...page.warnings];
    if (duplicates > 0 && !this.#warnedDuplicates) {
      this.#warnedDuplicates = true;
      warnings.push(DUPLICATES_WARNING);
    }
    this.#emptyStreak = added.length === 0 ? this.#emptyStreak + 1 : 0;

    const next = page.nextCursor;
    if (!page.hasMore) {
      this.#hasMore = false;
    } else if (next === undefined || next === '') {
      this.#hasMore = false;
      warnings.push(NO_CURSOR_WARNING);
    } else if (this.#seenCursors.has(next)) {
      this.#hasMore = false;
      warnings.push(REPEATED_CURSOR_WARNING);
    } else if (this.#emptyStreak >= this.#maxEmptyPages) {
      this.#hasMore = false;
      warnings.push(`The server sent ${this.#emptyStreak} pages in a row with no new items; stopped.`);
    } else {
      this.#seenCursors.add(next);
      this.#cursor = next;
    }
    if (warnings.length > 0) this.#warnings = [...this.#warnings, ...warnings].slice(-MAX_WARNINGS);
    this.#set(this.#hasMore ? 'idle' : 'done');
    this.#pump();
  }

  #onError(raw: unknown): void {
    this.#inFlight = undefined;
    const err = isApiError(raw)
      ? raw
      : new ApiError('bad-response', 'UNEXPECTED', raw instanceof Error ? raw.message : 'The page could not be loaded.', {
          cause: raw,
        });
    this.#error = err;
    if (err.kind === 'rate-limit' && this.#autoRetries < this.#maxAutoRetries) {
      this.#autoRetries++;
      const at = err.retryAt ?? this.#now() + 1000;
      this.#retryAt = at;
      this.#set('rate-limited');
      this.#schedule(at);
      return;
    }
    this.#retryAt = undefined;
    this.#set('error');
  }

  #schedule(at: number): void {
    this.#cancelTimer();
    const delay = Math.max(0, at - this.#now());
    this.#timer = this.#setTimer(() => {
      this.#timer = undefined;
      if (this.#disposed || this.#state !== 'rate-limited') return;
      // Timers may fire a little early; never retry before the server's time.
      if (this.#now() < at) {
        this.#schedule(at);
        return;
      }
      this.#retryAt = undefined;
      this.#state = 'idle';
      this.#pump(true);
      if (this.#state === 'idle') this.#set('idle');
    }, delay);
  }

  #cancelTimer(): void {
    if (this.#timer !== undefined) {
      this.#clearTimer(this.#timer);
      this.#timer = undefined;
    }
  }

  #set(state: PagerState): void {
    this.#state = state;
    this.#version++;
    this.#snapshot = this.#buildSnapshot();
    for (const l of [...this.#listeners]) l();
  }

  #publishedItems(): readonly RawItem[] {
    if (this.#published === undefined) this.#published = this.#items.slice();
    return this.#published;
  }

  #buildSnapshot(): PagerSnapshot {
    const s: {
      -readonly [K in keyof PagerSnapshot]: PagerSnapshot[K];
    } = {
      items: [],
      state: this.#state,
      hasMore: this.#hasMore,
      warnings: this.#warnings,
      pagesFetched: this.#pagesFetched,
      version: this.#version,
    };
    // Copying the items for every page would cost O(n²) over a long load-all; the copy is made
    // when a reader asks for it, and shared by every snapshot until more items arrive.
    Object.defineProperty(s, 'items', { enumerable: true, get: () => this.#publishedItems() });
    if (this.#error !== undefined) s.error = this.#error;
    if (this.#retryAt !== undefined) s.retryAt = this.#retryAt;
    return s;
  }
}
