/**
 * The commands' listing: the app's `Pager`, streaming (it keeps no item), read batch by batch
 * with `pageBatches`. The pager gives the guarantees (cursor chain, de-duplication, loop guards,
 * rate-limit waits from the client's budget); this adds what a command needs on top: `--max`,
 * each warning said once, and stopping when the output is gone.
 */
import { Pager } from '../../api/pager/pager.js';
import { pageBatches, type RateLimitWait } from '../../api/pager/pager-stream.js';
import type { RateLimit } from '../../api/quota/rate-limit.js';
import type { ListPage, RawItem } from '../../api/types.js';

export type { RateLimitWait } from '../../api/pager/pager-stream.js';

export interface StreamListingOptions {
  /** Fetches one page; `limit` is within 1..100. */
  readonly fetchPage: (cursor: string | undefined, limit: number, signal: AbortSignal) => Promise<ListPage>;
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
  /** The client's rate limit (`client.rateLimit`): 429s in a row waited out, the next one thrown. */
  readonly rateLimit?: RateLimit;
}

/**
 * The longest rate-limit wait a command takes: a server asking for more (up to the day pagetui
 * caps it at) ends the command at once with exit 4, where a script would otherwise hang for it.
 */
export const COMMAND_MAX_WAIT_MS = 5 * 60_000;

export type StreamEnd = 'complete' | 'max' | 'output-closed';

export interface StreamResult {
  readonly end: StreamEnd;
  /** Items handed to `emit`. */
  readonly items: number;
}

/** Runs the listing to its end; throws the ApiError that stopped it (kind 'rate-limit' once the budget is spent). */
export async function streamListing(o: StreamListingOptions): Promise<StreamResult> {
  const max = o.max ?? Number.POSITIVE_INFINITY;
  if (max <= 0) return { end: 'max', items: 0 };
  let emitted = 0;
  // Counted by the pager, not by what was emitted: a page read ahead is asked for before the
  // batch before it is written, and must not ask for more than --max leaves.
  const pager: Pager = new Pager((cursor, signal) => o.fetchPage(cursor, Math.min(o.limit, max - pager.loadedCount), signal), {
    idOf: o.idOf,
    keepItems: false,
    ...(o.rateLimit === undefined ? {} : { rateLimit: o.rateLimit }),
  });
  const warned = new Set<string>();

  for await (const batch of pageBatches(pager, { onRateLimit: o.onRateLimit, maxItems: max, maxWaitMs: COMMAND_MAX_WAIT_MS })) {
    for (const message of batch.warnings) {
      if (warned.has(message)) continue;
      warned.add(message);
      o.warn(message);
    }
    if (batch.items.length === 0) continue;
    const items = emitted + batch.items.length > max ? batch.items.slice(0, max - emitted) : batch.items;
    emitted += items.length;
    if (!(await o.emit(items))) return { end: 'output-closed', items: emitted };
    if (emitted >= max) return { end: 'max', items: emitted };
  }
  return { end: 'complete', items: emitted };
}
