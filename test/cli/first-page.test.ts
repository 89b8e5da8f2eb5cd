import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagerSnapshot, PagerState } from '../../src/api/types.js';
import { firstPageSettled, type FirstPageSource } from '../../src/cli/first-page.js';
import { settledAfter } from '../helpers/fake-time.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pager stand-in whose state the test sets. */
function fakePager(state: PagerState, pagesFetched = 0) {
  let snapshot = { items: [], state, hasMore: true, warnings: [], pagesFetched, loadingAll: false, version: 0 } as PagerSnapshot;
  const listeners = new Set<() => void>();
  const pager: FirstPageSource & { set(state: PagerState, pagesFetched?: number): void; listeners: number } = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next, pages = snapshot.pagesFetched) {
      snapshot = { ...snapshot, state: next, pagesFetched: pages, version: snapshot.version + 1 };
      for (const listener of [...listeners]) listener();
    },
    get listeners() {
      return listeners.size;
    },
  };
  return pager;
}

describe('firstPageSettled: the first frame waits briefly for a first page on its way', () => {
  it('resolves at once when nothing is being fetched (no key yet) or a page is in', async () => {
    expect(await settledAfter(firstPageSettled(fakePager('idle'), 5_000), 0)).toBe(true);
    expect(await settledAfter(firstPageSettled(fakePager('loading', 1), 5_000), 0)).toBe(true);
  });

  it('resolves when the first page arrives, and stops listening', async () => {
    const pager = fakePager('loading');
    const waiting = firstPageSettled(pager, 5_000);
    expect(pager.listeners).toBe(1);
    // The next page's request goes out before listeners run: still 'loading', but one page is in.
    setTimeout(() => pager.set('loading', 1), 10);
    expect(await settledAfter(waiting, 10)).toBe(true);
    expect(pager.listeners).toBe(0);
  });

  it('resolves when the first page fails or is rate limited', async () => {
    for (const state of ['error', 'rate-limited'] as const) {
      const pager = fakePager('loading');
      const waiting = firstPageSettled(pager, 5_000);
      setTimeout(() => pager.set(state), 10);
      expect(await settledAfter(waiting, 10)).toBe(true);
    }
  });

  it('gives up after maxMs when the server is slow', async () => {
    const pager = fakePager('loading');
    const waiting = firstPageSettled(pager, 50);
    expect(await settledAfter(waiting, 49)).toBe(false);
    expect(await settledAfter(waiting, 1)).toBe(true);
    expect(pager.listeners).toBe(0);
  });
});
