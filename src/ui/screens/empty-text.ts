import type { PagerSnapshot } from '../../api/types.js';
import type { ListKind } from '../store/list/list-view.js';

/** What an empty list says instead of rows: why it is empty, and what to do about it. */
export function emptyListText(kind: ListKind, pager: PagerSnapshot, filtered: boolean): string {
  const state = pager.state;
  if (filtered && pager.items.length > 0) {
    return pager.hasMore ? 'No loaded row matches — Tab loads the rest.' : 'No row matches.';
  }
  if (state === 'loading' || state === 'idle') return 'Loading…';
  if (state === 'done') return kind === 'groups' ? 'No page groups.' : 'This page group has no pages.';
  if (state === 'rate-limited') return 'Waiting for the rate limit to pass; it retries by itself.';
  if (pager.error?.kind === 'auth') {
    return pager.error.code === 'NO_API_KEY' ? 'No API key — press L to enter one.' : 'The API key was rejected — press L to enter a new key.';
  }
  return 'Nothing loaded yet — the status bar says why; r retries.';
}
