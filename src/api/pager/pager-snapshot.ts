/** Builds the snapshot a pager hands to its readers. */
import type { ItemSeq, PagerSnapshot } from '../types.js';

/** A pager's snapshot without its items; `error` and `retryAt` are left out when undefined. */
export type SnapshotFields = Omit<PagerSnapshot, 'items'>;

export function pagerSnapshot(fields: SnapshotFields, items: () => ItemSeq): PagerSnapshot {
  const s: {
    -readonly [K in keyof PagerSnapshot]: PagerSnapshot[K];
  } = {
    items: [],
    state: fields.state,
    hasMore: fields.hasMore,
    warnings: fields.warnings,
    pagesFetched: fields.pagesFetched,
    loadingAll: fields.loadingAll,
    version: fields.version,
  };
  // Copying the items for every page would cost O(n²) over a long load-all; the copy is made
  // when a reader asks for it, and shared by every snapshot until more items arrive.
  Object.defineProperty(s, 'items', { enumerable: true, get: items });
  if (fields.error !== undefined) s.error = fields.error;
  if (fields.retryAt !== undefined) s.retryAt = fields.retryAt;
  return s;
}
