/**
 * Esc (on the first screen) or `r` while the list's first request is still in flight: the wait
 * stops, and the list shows why with `r` to send it again. A proxy or service that takes the
 * connection and never answers would otherwise hold the first screen until the response deadline.
 */
import type { StoreContext } from '../store-context.js';

/** True when the shown list's first request was stopped (the key did that and nothing else). */
export function stopFirstWait(ctx: StoreContext): boolean {
  const pager = ctx.view().pager;
  const snap = pager.getSnapshot();
  if (snap.state !== 'loading' || snap.pagesFetched > 0) return false;
  return pager.stopFirstWait();
}
