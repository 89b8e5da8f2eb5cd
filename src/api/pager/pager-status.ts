/**
 * A pager's state as its readers see it — what it is doing, whether more items exist, its last
 * failure and warnings — and the listeners told, synchronously, of every change. The snapshot it
 * hands out is the same object until something changes (as React's `useSyncExternalStore` needs).
 */
import type { ApiError } from '../http/errors.js';
import type { ItemSeq, PagerSnapshot, PagerState, RequestWait } from '../types.js';

const MAX_WARNINGS = 20;

/** What the snapshot shows of the rest of the pager, read at each change. */
export interface StatusSources {
  /** Loading the whole listing (shown only while more exist). */
  readonly loadingAll: () => boolean;
  /** When the pager retries by itself, while it waits out a rate limit. */
  readonly retryAt: () => number | undefined;
  /** The kept items as readers see them. */
  readonly items: () => ItemSeq;
  /** When the request in flight started, if one is. */
  readonly loadingSince: () => number | undefined;
  /** While it waits out a rate limit: the wait is long and a person may cut it short once. */
  readonly mayTryNow: () => boolean;
  /** Rows from an earlier session shown instead of the kept items (before the first page only). */
  /** What a request of this pager waits for, and its limit. */
  readonly wait?: RequestWait;
  readonly staleItems?: () => { readonly items: ItemSeq; readonly hasMore: boolean } | undefined;
}

export class PagerStatus {
  state: PagerState = 'idle';
  hasMore = true;
  /** A loop guard ended the listing though the server said more exist. */
  stoppedEarly = false;
  error: ApiError | undefined;
  pagesFetched = 0;
  /** Failures in a row of the cursor now due (rate limits aside). */
  failures = 0;
  #warnings: readonly string[] = [];
  #version = 0;
  #snapshot: PagerSnapshot;
  readonly #listeners = new Set<() => void>();
  readonly #sources: StatusSources;
  #closed = false;

  constructor(sources: StatusSources) {
    this.#sources = sources;
    this.#snapshot = this.#build();
  }

  /** The current state; the same object until something changes. */
  get snapshot(): PagerSnapshot {
    return this.#snapshot;
  }

  /** Registers a listener called synchronously after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    if (this.#closed) return () => {};
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** A page's warnings, after the earlier ones (only the newest are kept). */
  addWarnings(warnings: readonly string[]): void {
    this.#warnings = [...this.#warnings, ...warnings].slice(-MAX_WARNINGS);
  }

  /** Sets the state (by default the current one), makes a new snapshot and tells the listeners. */
  publish(state: PagerState = this.state): void {
    this.state = state;
    this.#version++;
    this.#snapshot = this.#build();
    for (const l of [...this.#listeners]) l();
  }

  /** No listener is told of anything any more. */
  close(): void {
    this.#closed = true;
    this.#listeners.clear();
  }

  #build(): PagerSnapshot {
    const s: {
      -readonly [K in keyof PagerSnapshot]: PagerSnapshot[K];
    } = {
      items: [],
      state: this.state,
      hasMore: this.hasMore,
      warnings: this.#warnings,
      pagesFetched: this.pagesFetched,
      loadingAll: this.#sources.loadingAll() && this.hasMore,
      version: this.#version,
    };
    // Copying the items for every page would cost O(n²) over a long load-all; the copy is made
    // when a reader asks for it, and shared by every snapshot until more items arrive.
    const stale = this.#sources.staleItems?.();
    if (stale) {
      s.items = stale.items;
      s.stale = true;
      s.staleHasMore = stale.hasMore;
    } else Object.defineProperty(s, 'items', { enumerable: true, get: this.#sources.items });
    if (this.error !== undefined) s.error = this.error;
    if (this.stoppedEarly) s.stoppedEarly = true;
    const retryAt = this.#sources.retryAt();
    if (retryAt !== undefined) s.retryAt = retryAt;
    if (retryAt !== undefined && this.#sources.mayTryNow()) s.mayTryNow = true;
    const since = this.state === 'loading' ? this.#sources.loadingSince() : undefined;
    if (since !== undefined) s.loadingSince = since;
    if (since !== undefined && this.#sources.wait !== undefined) s.wait = this.#sources.wait;
    if (this.failures > 0) s.failures = this.failures;
    return s;
  }
}
