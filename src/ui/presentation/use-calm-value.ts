import { useEffect, useMemo, useRef, useState } from 'react';
import type { ItemSeq, PagerSnapshot, RawItem } from '../../api/types.js';
import { CALM_MS } from './presentation.js';

/**
 * `value`, changing at most once every `everyMs` while `calm` (a count during a long load): a
 * change within the interval is shown when it ends, and no timer runs while nothing changes.
 * A change `isNews` says matters now (a failure, the end of a load) is shown at once. Not calm:
 * `value` as it is. `calmFromStart`: the value first given counts as just shown (a screen opened
 * during a load), so the first change waits too.
 */
export function useCalmValue<T>(value: T, calm: boolean, everyMs: number, isNews: (shown: T, next: T) => boolean = () => false, calmFromStart = false): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(calmFromStart ? Date.now() : Number.NEGATIVE_INFINITY);
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

/**
 * What a listing's snapshot says that is news rather than a count: drawn at once even when calm.
 * Requests coming and going during a whole list's load are counts; outside one, a request that
 * lands is news (the one still in flight when Esc stopped `G`: "loading…" would stay for seconds).
 */
const newsOf = (s: PagerSnapshot): readonly unknown[] => [s.error, s.hasMore, s.loadingAll, s.retryAt, (s.state === 'loading' || s.state === 'idle') && s.loadingAll ? 'running' : s.state, s.items.length === 0, s.stale];

export const newsDiffers = (a: PagerSnapshot, b: PagerSnapshot): boolean => {
  const x = newsOf(a);
  const y = newsOf(b);
  return x.some((v, i) => !Object.is(v, y[i]));
};

/** A refresh's start, end and failure are news; its pages coming and going (loading, idle) are counts. */
export const refreshNews = (a: PagerSnapshot | undefined, b: PagerSnapshot | undefined): boolean =>
  a === undefined || b === undefined || a.error !== b.error || (a.state === 'error' || a.state === 'rate-limited' || a.state === 'done') !== (b.state === 'error' || b.state === 'rate-limited' || b.state === 'done');

/**
 * A refresh's listing loading behind the rows, as shown: while `calm` its count changes at most
 * every CALM_MS (a page a second would be said a page a second); its start, end and failure at once.
 */
export function useCalmRefresh(refresh: PagerSnapshot | undefined, calm: boolean): PagerSnapshot | undefined {
  // A snapshot's `items` is read when asked for (the items now): a copy holds those of its moment.
  const now = useMemo(() => (calm && refresh ? { ...refresh, items: firstItems(refresh.items, refresh.items.length) } : refresh), [refresh, calm]);
  return useCalmValue(now, calm, CALM_MS, refreshNews);
}

/** The rows a list shows: drawn from the same moment as the counts, so the two always agree. */
export interface ListFrame {
  readonly items: ItemSeq;
  readonly selected: number;
  readonly top: number;
  /** Which list, filter and order: a change of it is news. */
  readonly identity: string;
  readonly following: boolean;
  /** The columns' widths over the rows loaded (a table's columns move only with its counts). */
  readonly valueWidths: Readonly<Record<string, number>>;
  /** The id a row is known by (a page's `pageId`, a group's id); without it, the item's `id`. */
  readonly idOf?: (raw: RawItem) => string;
}

/** What the header and the status line count (the listing, how many rows match, the quota), and the rows beside them. */
export interface Progress<V, Q> {
  readonly pager: PagerSnapshot;
  readonly view: V | undefined;
  readonly quota: Q | undefined;
  readonly frame: ListFrame;
}

/** The id of the row a frame has selected. */
const selectedId = (f: ListFrame): unknown => {
  const raw = f.items.at(f.selected) as RawItem | undefined;
  return raw === undefined ? undefined : f.idOf ? f.idOf(raw) : raw.id;
};

/**
 * A move, another list, filter or order, G starting or ending, or another item under the selection
 * (a filter still scanning, a sorted list growing) is news; rows arriving elsewhere are not. The row
 * said at the cursor must be the one Enter and `d` act on.
 */
export const frameNews = (a: ListFrame, b: ListFrame): boolean =>
  a.identity !== b.identity ||
  a.following !== b.following ||
  a.selected !== b.selected ||
  a.top !== b.top ||
  (a.items.length === 0) !== (b.items.length === 0) ||
  selectedId(a) !== selectedId(b);

/**
 * A quota's pacing and its resets are counts here, not news: while `G` loads under a quota they
 * come and go with every window (every 2 s, say), which would redraw the counts that often.
 */
const progressNews = <V, Q>(a: Progress<V, Q>, b: Progress<V, Q>): boolean =>
  frameNews(a.frame, b.frame) || newsDiffers(a.pager, b.pager) || (a.view === undefined) !== (b.view === undefined);

/** `items` as they were when `length` of them were loaded (a packed list grows in place). */
function firstItems(items: ItemSeq, length: number): ItemSeq {
  return { length, at: (index) => (index < length ? items.at(index) : undefined) };
}

/**
 * While `on`, `value` as it was when `on` began: `G` leaves the rows where they were while it
 * loads the rest (they would scroll by at every page), and shows the end once it is there.
 */
function useFrozenWhile<T>(on: boolean, value: T): T {
  const held = useRef<T | undefined>(undefined);
  if (!on) held.current = undefined;
  else held.current ??= value;
  return held.current ?? value;
}

/**
 * The progress and the list's rows as they are shown: while `calm`, the counts and the rows they
 * count change together at most every CALM_MS; news (a key's move, a failure, a wait, the end) at
 * once; during `G` the rows stay as they were until the end is reached.
 */
export function useCalmProgress<V, Q>(pager: PagerSnapshot, view: V | undefined, quota: Q | undefined, live: ListFrame, calm: boolean): Progress<V, Q> {
  const frozen = useFrozenWhile(calm && live.following, live);
  const frame = useMemo(() => (calm ? { ...frozen, items: firstItems(frozen.items, frozen.items.length) } : frozen), [frozen, calm]);
  // A snapshot's `items` is read when asked for (the items now): a copy holds those of its moment,
  // so the header and the status line (drawn again at different times: the inspector draws as
  // requests come) count the same items.
  const now = useMemo(() => ({ pager: { ...pager }, view, quota, frame }), [pager, view, quota, frame]);
  return useCalmValue(now, calm, CALM_MS, progressNews);
}
