/**
 * Esc (on the first screen) or `r` while the list's first request is still in flight: the wait
 * stops, and the list shows why with `r` to send it again. A proxy or service that takes the
 * connection and never answers would otherwise hold the first screen until the response deadline.
 */
import type { StoreContext } from '../store-context.js';

/** How long a first request waits before the status offers Esc to stop it (status-format.ts). */
export const FIRST_WAIT_OFFERED_MS = 1000;

/**
 * True when the shown list's first request was stopped (the key did that and nothing else).
 * `waitedMs`: only one that has waited that long (Esc stops what the status offered; a quick Esc
 * right after opening a group still goes back).
 */
export function stopFirstWait(ctx: StoreContext, waitedMs = 0): boolean {
  const pager = ctx.view().pager;
  const snap = pager.getSnapshot();
  if (snap.state !== 'loading' || snap.pagesFetched > 0) return false;
  if (waitedMs > 0 && (snap.loadingSince === undefined || Date.now() - snap.loadingSince < waitedMs)) return false;
  return pager.stopFirstWait();
}
