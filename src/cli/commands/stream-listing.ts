/**
 * A streaming walk over a cursor-paginated listing, for the non-interactive commands. It gives
 * the Pager's guarantees without keeping the items: follows the cursor chain, de-duplicates by id
 * (first wins; the ids seen are kept in a Set, so memory grows by one short string per item),
 * stops with a warning on a repeated cursor, on `hasMore` without a cursor and after too many
 * pages that add nothing, and waits out 429s (the server's time, at most `maxRateLimitRetries`
 * in a row). Each page's new items are handed to `emit` as soon as it arrives.
 */
import { isApiError, type ApiError } from '../../api/errors.js';
import { DUPLICATES_WARNING, NO_CURSOR_WARNING, REPEATED_CURSOR_WARNING } from '../../api/pager.js';
import type { ListPage, RawItem } from '../../api/types.js';

export interface RateLimitWait {
  /** How long the listing waits before the next request. */
  readonly waitMs: number;
  /** 1 for the first 429 in a row. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly error: ApiError;
}

export interface StreamListingOptions {
  /** Fetches one page; `limit` is within 1..100. */
  readonly fetchPage: (cursor: string | undefined, limit: number) => Promise<ListPage>;
  /** Id for de-duplication; `''` means "no id" (never de-duplicated). */
  readonly idOf: (raw: RawItem) => string;
  /** Items asked for per request (1..100). */
  readonly limit: number;
  /** Stop after this many items; no further request is made. */
  readonly max?: number;
  /** Writes items; resolves false when the output is gone (the listing then stops). */
  readonly emit: (items: readonly RawItem[]) => Promise<boolean>;
  readonly warn: (message: string) => void;
  readonly onRateLimit: (wait: RateLimitWait) => void;
  /** Epoch ms before which no request may be sent (the client's rate-limit gate). */
  readonly blockedUntil?: () => number | undefined;
  /** 429s in a row that are waited out; the next one is thrown. Default 5. */
  readonly maxRateLimitRetries?: number;
  /** Pages in a row that add no item before the listing stops. Default 50. */
  readonly maxEmptyPages?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export type StreamEnd = 'complete' | 'max' | 'loop-guard' | 'output-closed';

export interface StreamResult {
  readonly end: StreamEnd;
  /** Items handed to `emit`. */
  readonly items: number;
  /** Successful page requests. */
  readonly pages: number;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the listing to its end; throws the ApiError that stopped it (kind 'rate-limit' once the budget is spent). */
export async function streamListing(o: StreamListingOptions): Promise<StreamResult> {
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? defaultSleep;
  const maxRetries = o.maxRateLimitRetries ?? 5;
  const maxEmpty = o.maxEmptyPages ?? 50;
  const max = o.max ?? Number.POSITIVE_INFINITY;
  const seenIds = new Set<string>();
  const seenCursors = new Set<string>();
  const warned = new Set<string>();
  const warnOnce = (message: string): void => {
    if (warned.has(message)) return;
    warned.add(message);
    o.warn(message);
  };

  let cursor: string | undefined;
  let emitted = 0;
  let pages = 0;
  let rateLimited = 0;
  let emptyStreak = 0;
  const result = (end: StreamEnd): StreamResult => ({ end, items: emitted, pages });

  for (;;) {
    if (emitted >= max) return result('max');
    await waitUntil(o.blockedUntil, now, sleep);
    let page: ListPage;
    try {
      page = await o.fetchPage(cursor, Math.min(o.limit, max - emitted));
    } catch (err) {
      if (!isApiError(err) || err.kind !== 'rate-limit') throw err;
      rateLimited++;
      if (rateLimited > maxRetries) throw err;
      const waitMs = Math.max(0, (err.retryAt ?? now() + 1000) - now());
      o.onRateLimit({ waitMs, attempt: rateLimited, maxAttempts: maxRetries, error: err });
      await sleep(waitMs);
      continue;
    }
    rateLimited = 0;
    pages++;
    if (cursor !== undefined) seenCursors.add(cursor);
    for (const w of page.warnings) warnOnce(w);

    const fresh: RawItem[] = [];
    for (const raw of page.items) {
      if (emitted + fresh.length >= max) break;
      const id = o.idOf(raw);
      if (id !== '') {
        if (seenIds.has(id)) {
          warnOnce(DUPLICATES_WARNING);
          continue;
        }
        seenIds.add(id);
      }
      fresh.push(raw);
    }
    if (fresh.length > 0) {
      emptyStreak = 0;
      emitted += fresh.length;
      if (!(await o.emit(fresh))) return result('output-closed');
    } else {
      emptyStreak++;
    }

    if (emitted >= max) return result('max');
    if (!page.hasMore) return result('complete');
    const next = page.nextCursor;
    if (next === undefined || next === '') return guard(NO_CURSOR_WARNING);
    if (seenCursors.has(next)) return guard(REPEATED_CURSOR_WARNING);
    if (emptyStreak >= maxEmpty) return guard(`The server sent ${emptyStreak} pages in a row with no new items; stopped.`);
    seenCursors.add(next);
    cursor = next;
  }

  function guard(message: string): StreamResult {
    warnOnce(message);
    return result('loop-guard');
  }
}

/** Sleeps until `blockedUntil()` has passed (timers may fire a little early). */
async function waitUntil(blockedUntil: (() => number | undefined) | undefined, now: () => number, sleep: (ms: number) => Promise<void>): Promise<void> {
  if (blockedUntil === undefined) return;
  for (let i = 0; i < 100; i++) {
    const until = blockedUntil();
    if (until === undefined || until <= now()) return;
    await sleep(until - now() + 1);
  }
}
