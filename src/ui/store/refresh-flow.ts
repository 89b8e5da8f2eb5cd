/**
 * `r`: reload a list as a new listing while the old rows stay on screen (stale while
 * revalidate). The new listing loads behind them, page by page, until it holds the item now
 * selected (or as many items as are shown, or its end); then the store swaps it in, in one step.
 * A refresh that fails changes nothing shown, and `r` retries it from its failed cursor.
 */
import type { Pager } from '../../api/pager.js';
import type { PagerSnapshot, RawItem } from '../../api/types.js';
import { groupIdOf, pageIdOf } from './items.js';
import type { PagerFactory } from './list-pagers.js';
import type { ListKind, ListView } from './list-view.js';
import type { VisibleList } from './visible-list.js';

/** What the flow needs from the store. */
export interface RefreshHost {
  readonly newPager: PagerFactory;
  /** The row now selected in `view`, if `view` is shown. */
  selectedIn(view: ListView): RawItem | undefined;
  /** True while the shown list loads everything (`G`, Tab): swap as soon as the first page is in. */
  loadingAll(): boolean;
  /** The new listing of `view` changed (progress, a failure, warnings). */
  changed(pager: Pager): void;
  /** The new listing is ready: show it in place of `view`'s rows. */
  swap(view: ListView, pager: Pager): void;
}

/** What `r` did. */
export type RefreshOutcome = 'started' | 'retried' | 'already-refreshing' | 'retry-scheduled';

const idOf = (kind: ListKind) => (kind === 'groups' ? groupIdOf : pageIdOf);

/** The row of `visible` (rows drawn from `items`) showing the item with `item`'s id, if any. */
export function rowOfItem(kind: ListKind, items: readonly RawItem[], visible: VisibleList, item: RawItem | undefined): number | undefined {
  if (!item) return undefined;
  const ofKind = idOf(kind);
  const id = ofKind(item);
  if (id === '') return undefined;
  const at = items.findIndex((raw) => ofKind(raw) === id);
  const row = at < 0 || !visible.indices ? at : visible.indices.indexOf(at);
  return row < 0 ? undefined : row;
}

interface Pending {
  readonly view: ListView;
  readonly pager: Pager;
  readonly unsubscribe: () => void;
  /** Ids of the new listing's items looked at so far (a pager only appends). */
  readonly ids: Set<string>;
  scanned: number;
}

export class RefreshFlow {
  private pending: Pending | undefined;

  constructor(private readonly host: RefreshHost) {}

  /** The new listing still loading behind the shown rows (undefined when none). */
  get snapshot(): PagerSnapshot | undefined {
    return this.pending?.pager.getSnapshot();
  }

  /**
   * `r` on `view`: retry what failed, or start a new listing. Never discards loaded rows, and
   * never asks early during a rate-limit wait (the retry is already scheduled).
   */
  start(view: ListView): RefreshOutcome {
    const shown = view.pager.getSnapshot();
    if (shown.state === 'rate-limited') return 'retry-scheduled';
    if (shown.state === 'error') {
      view.pager.retry();
      return 'retried';
    }
    const pending = this.pending?.view === view ? this.pending : undefined;
    if (pending) {
      const state = pending.pager.getSnapshot().state;
      if (state === 'rate-limited') return 'retry-scheduled';
      if (state !== 'error') return 'already-refreshing';
      pending.pager.retry();
      return 'retried';
    }
    this.forget();
    const pager = this.host.newPager(view.kind, view.groupId);
    const unsubscribe = pager.subscribe(() => this.onChange(view, pager));
    this.pending = { view, pager, unsubscribe, ids: new Set(), scanned: 0 };
    pager.ensure(1);
    return 'started';
  }

  /** After a new API key: retry a refresh that failed. */
  retryFailed(): void {
    if (this.pending?.pager.getSnapshot().state === 'error') this.pending.pager.retry();
  }

  /** Drops a refresh still loading (its list is no longer shown); the shown rows stay. */
  forget(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.unsubscribe();
    pending.pager.dispose();
  }

  private onChange(view: ListView, pager: Pager): void {
    if (this.pending?.pager !== pager) return;
    this.host.changed(pager);
    const snap = pager.getSnapshot();
    if (snap.pagesFetched === 0 || (snap.state !== 'idle' && snap.state !== 'done')) return;
    if (this.ready(this.pending, snap)) {
      this.pending.unsubscribe();
      this.pending = undefined;
      this.host.swap(view, pager);
    } else {
      pager.ensure(snap.items.length + 1);
    }
  }

  /** The new listing holds the selected item, or as many items as shown, or all there is. */
  private ready(pending: Pending, snap: PagerSnapshot): boolean {
    const view = pending.view;
    if (!snap.hasMore || this.host.loadingAll()) return true;
    if (snap.items.length >= Math.max(1, view.pager.getSnapshot().items.length)) return true;
    const selected = this.host.selectedIn(view);
    if (!selected) return true;
    const ofKind = idOf(view.kind);
    for (; pending.scanned < snap.items.length; pending.scanned++) {
      pending.ids.add(ofKind(snap.items[pending.scanned] as RawItem));
    }
    const id = ofKind(selected);
    return id === '' || pending.ids.has(id);
  }
}
