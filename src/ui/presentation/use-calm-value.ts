import { useEffect, useRef, useState } from 'react';
import type { PagerSnapshot } from '../../api/types.js';
import { CALM_MS } from './presentation.js';

/**
 * `value`, changing at most once every `everyMs` while `calm` (a count during a long load): a
 * change within the interval is shown when it ends, and no timer runs while nothing changes.
 * A change `isNews` says matters now (a failure, the end of a load) is shown at once. Not calm:
 * `value` as it is.
 */
export function useCalmValue<T>(value: T, calm: boolean, everyMs: number, isNews: (shown: T, next: T) => boolean = () => false): T {
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

/** The listing as its counts are shown: while `calm`, its progress changes at most every CALM_MS; its news at once. */
export function useCalmPager(snap: PagerSnapshot, calm: boolean): PagerSnapshot {
  return useCalmValue(snap, calm, CALM_MS, newsDiffers);
}
