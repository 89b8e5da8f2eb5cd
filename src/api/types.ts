/**
 * Shapes the client hands to its callers. Items are kept as the server sent them (validated to be
 * plain objects) so unknown fields survive for the detail view; helpers in `items.ts` read the
 * fields the UI shows. Nothing here is sanitised: sanitising happens where text meets a terminal.
 */
import type { ApiError } from './http/errors.js';

export type RawItem = Readonly<Record<string, unknown>>;

/**
 * Items read by position: a pager's loaded items (kept packed, see packed-items.ts) or a plain
 * array. `at` follows Array.prototype.at (a negative index counts from the end).
 */
export interface ItemSeq {
  readonly length: number;
  at(index: number): RawItem | undefined;
  /**
   * Items `from` to `to` (not included), as `at` gives them, read in the order that costs least:
   * rows picked out of a listing (sorted, filtered) are read in the listing's own order, so a page
   * kept packed is parsed once, not once for each of its rows.
   */
  readRange?(from: number, to: number): (RawItem | undefined)[];
}

/** A list response's body as it came off the wire, to parse again later instead of keeping its items. */
export interface PageSource {
  readonly bytes: Uint8Array;
  /** Content codings still to undo on `bytes`, outermost first. */
  readonly codings: readonly string[];
}

/** One page of a cursor-paginated list, after tolerant parsing. */
export interface ListPage {
  readonly items: readonly RawItem[];
  readonly hasMore: boolean;
  /** Absent when the server sent none (or an empty one). */
  readonly nextCursor?: string;
  /** Non-fatal oddities found while parsing (e.g. "2 items were not objects and were skipped"). */
  readonly warnings: readonly string[];
  /** The body these items were parsed from (list requests of the client). */
  readonly source?: PageSource;
  /**
   * The items as the service sent them, when `items` had the API key taken out of some (a server
   * that echoes it, or ids that share a run of it): a pager tells items apart by these ids, which
   * masking can make collide. Read only while the page is taken; never shown or kept.
   */
  readonly sentItems?: readonly RawItem[];
}

export interface ListOptions {
  readonly cursor?: string;
  /** 1..100; the app uses 100. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  /** Work the user did not ask for this moment (loading ahead, a whole list, a command): paced by the quota. */
  readonly background?: boolean;
  /** Called when the request leaves (after any wait for the quota). */
  readonly onSent?: () => void;
}

/** What a pager needs to fetch one page; the client's list methods fit it. */
export type FetchPage = (cursor: string | undefined, signal: AbortSignal, background?: boolean) => Promise<ListPage>;

/** What a request in flight waits for, and how long it may: read while the status line ticks. */
export interface RequestWait {
  /** The response's overall deadline (ms) and what sets it (`--timeout`, …). */
  readonly limitMs: number;
  readonly limitSource: string;
  /** `the proxy host:port (from HTTPS_PROXY)` while the proxy owes its answer to the CONNECT, else undefined (the service). */
  readonly waitingFor: () => string | undefined;
  /** When the request in flight left (its deadline runs from then); undefined while the quota still holds it back. */
  readonly sentAt?: () => number | undefined;
}

export type PagerState =
  | 'idle' // nothing in flight; more may exist (hasMore) or the listing is done
  | 'loading'
  | 'rate-limited' // waiting until retryAt, then retries by itself
  | 'error' // waiting for retry()
  | 'done';

export interface PagerSnapshot {
  /** Grows by appending; a new identity each time it changes. */
  readonly items: ItemSeq;
  readonly state: PagerState;
  /** True while the server said more exist and no loop guard stopped the listing. */
  readonly hasMore: boolean;
  /** The last failure; cleared when a fetch succeeds. */
  readonly error?: ApiError;
  /** Epoch ms at which the pager retries by itself (state 'rate-limited'): the time its RateLimit holds. */
  readonly retryAt?: number;
  /** Loop-guard and parsing warnings, newest last. */
  readonly warnings: readonly string[];
  /** A loop guard ended the listing where the server said more exist (`hasMore` is false all the same). */
  readonly stoppedEarly?: true;
  /** Successful page fetches in this listing. */
  readonly pagesFetched: number;
  /** Fetching the whole listing (`loadAll()`), beyond what the view needs, until it ends or is stopped. */
  readonly loadingAll: boolean;
  /** Bumped on every change, for cheap equality checks. */
  readonly version: number;
  /** Epoch ms the request in flight was started (state 'loading'): how long the wait has lasted. */
  readonly loadingSince?: number;
  /** With `loadingSince`: what the request waits for and its limit (a listing through a real client). */
  readonly wait?: RequestWait;
  /** A long rate-limit wait that `tryNow()` may cut short (once per wait). */
  readonly mayTryNow?: true;
  /** Failures in a row of the cursor now due (rate limits aside): 2 after one failed retry. */
  readonly failures?: number;
  /** `items` are rows from an earlier session (Pager.showStale), shown until the first page arrives. */
  readonly stale?: true;
  /** With `stale`: the list went on beyond those rows when they were kept. `hasMore` stays the pager's own. */
  readonly staleHasMore?: boolean;
}
