import { useEffect, useMemo, useRef, useState } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { CALM_MS } from './presentation.js';

/**
 * `value`, changing at most once every `everyMs` while `calm` (a count during a long load): a
 * change within the interval is shown when it ends, and no timer runs while nothing changes.
 * A change `isNews` says matters now (a failure, the end of a load) is shown at once. Not calm:
 * `value` as it is.
 */
function useCalmValue<T>(value: T, calm: boolean, everyMs: number, isNews: (shown: T, next: T) => boolean = () => false): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(value);
  latest.current = value;
  const held = calm && !Object.is(shown, value) && Date.now() - shownAt.current < everyMs && !isNews(shown, value);
  useEffect(() => {
    if (!calm || Object.is(shown, value)) return;
    const show = () => {
      shownAt.current = Date.now();
      setShown(latest.current);
    };
    if (!held) {
      show();
      return;
    }
    const timer = setTimeout(show, shownAt.current + everyMs - Date.now());
    return () => clearTimeout(timer);
  }, [calm, shown, value, everyMs, held]);
  return held ? shown : value;
}

/** What a listing's snapshot says that is news rather than a count: drawn at once even when calm. */
const newsOf = (s: PagerSnapshot): readonly unknown[] => [s.error, s.hasMore, s.loadingAll, s.retryAt, s.state === 'loading' || s.state === 'idle' ? 'running' : s.state];

const newsDiffers = (a: PagerSnapshot, b: PagerSnapshot): boolean => {
  const x = newsOf(a);
  const y = newsOf(b);
  return x.some((v, i) => !Object.is(v, y[i]));
};

/** What the header and the status line count: the listing, how many rows match, the quota. */
export interface Progress<V, Q> {
  readonly pager: PagerSnapshot;
  readonly view: V | undefined;
  readonly quota: Q | undefined;
}

/** A quota's pacing or reset is news; how much is left is a count. */
interface QuotaNews {
  readonly pacingUntil?: number;
  readonly reading?: { readonly resetAt?: number };
}

const progressNews = <V, Q extends QuotaNews>(a: Progress<V, Q>, b: Progress<V, Q>): boolean =>
  newsDiffers(a.pager, b.pager) || (a.view === undefined) !== (b.view === undefined) || a.quota?.pacingUntil !== b.quota?.pacingUntil || a.quota?.reading?.resetAt !== b.quota?.reading?.resetAt;

/**
 * The progress as it is shown: while `calm`, its counts change together at most every CALM_MS;
 * its news (a failure, a wait, the end) at once.
 */
export function useCalmProgress<V, Q extends QuotaNews>(pager: PagerSnapshot, view: V | undefined, quota: Q | undefined, calm: boolean): Progress<V, Q> {
  // A snapshot's `items` is read when asked for (the items now): a copy holds those of its moment.
  const now = useMemo(() => ({ pager: calm ? { ...pager } : pager, view, quota }), [pager, view, quota, calm]);
  return useCalmValue(now, calm, CALM_MS, progressNews);
}
