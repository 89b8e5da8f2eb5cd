/**
 * Moving the selection of the shown list, including moves past the loaded end (a held key, a
 * paste, `G`) that land once the rows arrive; keeping a screen of rows loaded ahead (the pager's
 * `ensure`); and loading the whole list (`G`, Tab). A movement key goes from AppStore.command
 * through the router (routeCommand in command-router.ts) to `moveCommand` here, and on to the pager.
 */
import { saidCachedEndStopped } from './cached-rows-notice.js';
import type { PagerSnapshot } from '../../../api/types.js';
import type { Command } from '../../keys/bindings.js';
import type { ListView } from './list-view.js';
import { loadingBeyondNeed } from '../status.js';
import { listKey } from '../../keys/help.js';
import type { StoreContext } from '../store-context.js';
import type { VisibleList } from './visible-list.js';
import { endReachedMessage, noMatchMessage } from './end-reached.js';

export class ListNavigator {
  /** Where a move past the loaded end wants to land (Infinity for `G`), until the rows arrive. */
  private pending: number | undefined;
  /** A filtered list loads its rest (Tab, `G`): its end is said when nothing matched. */
  private filterLoad = false;

  constructor(private readonly ctx: StoreContext) {}

  /** True while `G` loads the rest of the list and the selection follows the end. */
  get followingEnd(): boolean {
    return this.pending === Number.POSITIVE_INFINITY;
  }


  /** Drops a move still waiting for rows (the list, its filter or its order changed). */
  forget(): void {
    this.pending = undefined;
  }

  /** Applies a movement command (arrows, pages, top, `G`); false when `command` is not one. */
  moveCommand(command: Command): boolean {
    if (command === 'bottom') {
      this.goToEnd();
      return true;
    }
    // Relative moves count from where earlier keys are about to land (rows still loading).
    const at = this.pending !== undefined && Number.isFinite(this.pending) ? this.pending : this.ctx.view().selected;
    const target = moveTarget(command, at, this.ctx.snapshot().windowRows);
    if (target === undefined) return false;
    this.move(target);
    return true;
  }

  /**
   * A move of a screen or less while a new order is being made (`s`, `S` over many rows): the rows
   * shown are in the order made so far, so the move is counted, and made from the item selected
   * once the order is made (filter-scan-flow.ts). True when it was counted.
   */
  private whileOrdering(view: ListView, visible: VisibleList, index: number): boolean {
    const step = index - view.selected;
    if (visible.scanning !== true || view.anchor === undefined || (view.sort === 'server' && view.reversed !== true)) return false;
    if (!Number.isFinite(step) || Math.abs(step) > this.ctx.snapshot().windowRows) return false;
    view.anchorSteps = (view.anchorSteps ?? 0) + step;
    return true;
  }

  /** Selects row `index`, or waits for it when it is past the loaded end. */
  move(index: number): void {
    const view = this.ctx.view();
    const visible = this.ctx.snapshot().visible;
    const snap = view.pager.getSnapshot();
    const last = visible.items.length - 1;
    // A move past the loaded end (a held key, a paste) lands once the rows arrive. In a filtered
    // or sorted view it stops at the last row instead: which rows arrive is not known.
    const canWait = visible.indices === undefined || index === Number.POSITIVE_INFINITY;
    if (this.whileOrdering(view, visible, index)) return;
    delete view.anchor;
    delete view.anchorSteps;
    // A filter's scan still finding rows counts as rows still to come (for `G`).
    const more = endStillToCome(snap, visible);
    this.pending = index > last && canWait && more ? index : undefined;
    const before = [view.selected, view.top];
    // `G` leaves the rows and the selection where they were until the end is there: Enter, d
    // and Esc act where the cursor is, and no row in between is said or shown as the end.
    if (!this.followingEnd) placeSelection(view, index, visible.items.length, this.ctx.snapshot().windowRows);
    this.prefetch();
    const following = this.pending === Number.POSITIVE_INFINITY;
    if (following !== this.ctx.snapshot().following) this.ctx.update({ following, loadingAll: loadingBeyondNeed(view.pager.getSnapshot()) });
    else if (before[0] !== view.selected || before[1] !== view.top) this.ctx.update({});
    // A page still sought (`:`, `pagetui open`, the cache's page beyond its rows) would pull the
    // selection away once it arrives: the user's move wins, as it does over `G`.
    this.ctx.jumpFlow.moved();
  }

  /**
   * The window changed size: the selection stays and is kept in view, and a move still waiting
   * for rows (`G` following the end, a held key) goes on waiting.
   */
  relayout(): void {
    const view = this.ctx.view();
    const rows = this.ctx.snapshot().windowRows;
    placeSelection(view, this.followingEnd ? view.selected : (this.pending ?? view.selected), this.ctx.snapshot().visible.items.length, rows);
    this.prefetch();
    this.ctx.update({});
  }

  /** `G`: the last row, following the end while the rest of the list loads. */
  goToEnd(): void {
    if (saidCachedEndStopped(this.ctx)) return;
    const snap = this.ctx.view().pager.getSnapshot();
    const visible = this.ctx.snapshot().visible;
    const more = endStillToCome(snap, visible);
    if (more && visible.filtered) this.filterLoad = true;
    this.move(more ? Number.POSITIVE_INFINITY : visible.items.length - 1);
  }

  /**
   * Esc while the list loads beyond what the view needs (`G`, Tab, whatever moved since): stop
   * that load and stay where the selection is. A request in flight still lands.
   */
  stopLoading(): void {
    this.pending = undefined;
    this.filterLoad = false;
    this.ctx.view().pager.stopBackgroundLoad();
    this.ctx.update({ following: false, loadingAll: false });
  }

  /** Tab while filtering: load the rest of the list (Esc stops). */
  loadAll(): void {
    const view = this.ctx.view();
    const pager = view.pager.getSnapshot();
    if (!this.ctx.snapshot().visible.filtered) {
      if (pager.hasMore) this.ctx.toast({ tone: 'info', text: `${listKey('loadAll')} loads the rest of a filtered list (${listKey('filter')} filters); ${listKey('bottom')} loads the whole list` });
      return;
    }
    if (!pager.hasMore || pager.state === 'error') return;
    view.pager.loadAll();
    this.filterLoad = true;
    // Said at once: while the list loads, the pager's changes are only drawn every 250 ms. The
    // pager's own snapshot goes too: once the filter is cleared, the status reads the load from it.
    const loading = view.pager.getSnapshot();
    this.ctx.update({ pager: loading, loadingAll: loadingBeyondNeed(loading) });
  }

  /**
   * Keeps at least one screen of rows loaded beyond the window, so scrolling never waits. The
   * position counts in loaded items, not in filtered rows: a filtered window whose last row is
   * near the loaded end fetches on; one whose matches are far from it does not.
   */
  prefetch(): void {
    // Nothing is fetched while the login form is open, or once the store is disposed.
    if (this.ctx.snapshot().overlay === 'login' || this.ctx.disposed()) return;
    const view = this.ctx.view();
    if (this.ctx.refreshFlow.replacing(view)) return;
    const snapshot = this.ctx.snapshot();
    if (this.pending === Number.POSITIVE_INFINITY) {
      view.pager.loadAll();
      return;
    }
    const rows = snapshot.windowRows;
    const position = prefetchPosition(view, snapshot.visible, rows, this.pending);
    view.pager.ensure(position + rows, position);
  }

  /**
   * Places the selection after the rows changed from `previous` to `visible`: a waiting move
   * lands, otherwise the selected item stays selected. True when a waiting move ended (landed,
   * or the list ended or failed before its row). `swapped`: the service's rows just replaced cached
   * ones, and the selection was already placed on its item; only a waiting move is left to land.
   */
  settle(view: ListView, pager: PagerSnapshot, previous: VisibleList, visible: VisibleList, rows: number, swapped = false): boolean {
    if (this.pending === undefined || (this.followingEnd && endStillToCome(pager, visible))) {
      if (!swapped) placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, rows);
      return false;
    }
    // `G` whose load failed: the end never came, so the selection stays where the user was (as after Esc).
    if (this.followingEnd && pager.state === 'error') {
      this.pending = undefined;
      if (!swapped) placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, rows);
      return true;
    }
    placeSelection(view, this.pending, visible.items.length, rows);
    if (view.selected === this.pending || !pager.hasMore || pager.state === 'error') {
      this.pending = undefined;
      return true;
    }
    return false;
  }

  /** After a change of the rows: a filtered load of the rest that ended with no match is said (screen reader). */
  afterRowsChanged(view: ListView): void {
    if (!this.filterLoad) return;
    const visible = this.ctx.snapshot().visible;
    if (endStillToCome(view.pager.getSnapshot(), visible) || view.pager.getSnapshot().state === 'loading') return;
    this.filterLoad = false;
    const message = this.ctx.options.lineCursor === true ? noMatchMessage(view.validQuery, visible, view.pager.getSnapshot()) : undefined;
    if (message) this.ctx.toast(message);
  }

  /** `G` reached the end (its last row now selected): said for a screen reader, whose cursor stayed where it was meanwhile. */
  sayEndReached(view: ListView, visible: VisibleList): void {
    if (this.ctx.options.lineCursor !== true) return;
    const message = endReachedMessage(view.kind, visible, view.pager.getSnapshot());
    if (message) this.ctx.toast(message);
  }
}

/** `G` still waits: more pages to load, or a filter still scanning the loaded ones. */
function endStillToCome(pager: PagerSnapshot, visible: VisibleList): boolean {
  return (pager.hasMore && pager.state !== 'error') || visible.scanning === true;
}

/** Clamp `selected` into the loaded items and keep it inside the visible window of `rows` rows. */
export function placeSelection(view: ListView, index: number, itemCount: number, rows: number): void {
  const last = Math.max(0, itemCount - 1);
  const selected = Math.min(Math.max(0, index), last);
  let top = view.top;
  if (selected < top) top = selected;
  else if (selected >= top + rows) top = selected - rows + 1;
  top = Math.max(0, Math.min(top, Math.max(0, itemCount - rows)));
  view.selected = selected;
  view.top = top;
}

/**
 * How many loaded items the window wants (before one screen of look-ahead is added). It counts
 * loaded items, not filtered rows: a filtered window whose last row is near the loaded end
 * fetches on, one whose matches are far from it does not. A filtered and re-ordered view only
 * wants its first screen (Tab loads the rest).
 */
function prefetchPosition(view: ListView, visible: VisibleList, rows: number, pending: number | undefined): number {
  const { indices, filtered } = visible;
  if (indices === undefined || !filtered) return Math.max(view.top + rows, view.selected + 1, (pending ?? 0) + 1);
  if (view.sort !== 'server') return rows;
  let position = rows;
  const end = Math.min(indices.length, view.top + rows);
  for (let row = view.top; row < end; row++) position = Math.max(position, (indices[row] ?? 0) + 1);
  return position;
}

/**
 * The row a movement command aims at, counted from `at` in a window of `rows` rows; undefined
 * for commands that do not move (and for `bottom`, whose target depends on what is loaded).
 */
function moveTarget(command: Command, at: number, rows: number): number | undefined {
  const half = Math.max(1, Math.floor(rows / 2));
  switch (command) {
    case 'moveDown': return at + 1;
    case 'moveUp': return at - 1;
    case 'pageDown': return at + rows;
    case 'pageUp': return at - rows;
    case 'halfPageDown': return at + half;
    case 'halfPageUp': return at - half;
    case 'top': return 0;
    default: return undefined;
  }
}

/** Where the item selected at `row` of `prev` is in `next`; the first row when it is gone. */
function rowAfterChange(prev: VisibleList, next: VisibleList, row: number): number {
  if (prev.items.length === 0) return row;
  const at = prev.indices ? prev.indices[row] : row;
  if (at === undefined) return 0;
  if (!next.indices) return at;
  if (next.indices[row] === at) return row;
  const found = next.indices.indexOf(at);
  return found >= 0 ? found : 0;
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly navigator: ListNavigator;
  }
}
