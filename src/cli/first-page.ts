import type { PagerSnapshot } from '../api/types.js';

/** What firstPageSettled needs of a Pager. */
export interface FirstPageSource {
  getSnapshot(): PagerSnapshot;
  subscribe(listener: () => void): () => void;
}

/** The first page is in, or will not come soon (failed, rate limited, or nothing asked for). */
function settled(snapshot: PagerSnapshot): boolean {
  return snapshot.pagesFetched > 0 || snapshot.state !== 'loading';
}

/**
 * Resolves once `pager`'s first page has arrived or cannot arrive soon, or after `maxMs`. Awaited
 * before the first frame: when the data is already on its way (a fast server), the first frame
 * shows it instead of an empty list that is drawn, laid out and diffed only to be replaced a few
 * milliseconds later. A slow server delays the first frame by `maxMs` at most.
 */
export function firstPageSettled(pager: FirstPageSource, maxMs: number): Promise<void> {
  if (maxMs <= 0 || settled(pager.getSnapshot())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const unsubscribe = pager.subscribe(() => {
      if (settled(pager.getSnapshot())) done();
    });
  });
}
