/**
 * Moving the selection of the shown list, including moves past the loaded end (a held key, a
 * paste, `G`) that land once the rows arrive; keeping a screen of rows loaded ahead; and loading
 * the whole list (`G`, Tab).
 */
import type { PagerSnapshot } from '../../../api/types.js';
import type { Command } from '../../keys/bindings.js';
import { placeSelection, type ListView } from './list-view.js';
import { loadingBeyondNeed } from '../status.js';
import type { AppSnapshot } from '../store-types.js';
import { moveTarget, prefetchPosition, rowAfterChange } from './view-math.js';
import type { VisibleList } from './visible-list.js';

/** What the navigator needs from the store. */
export interface NavigatorHost {
  /** The list shown. */
  view(): ListView;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  /** False while nothing may be fetched (the login form is open, or the store is disposed). */
  canFetch(): boolean;
}

export class ListNavigator {
  /** Where a move past the loaded end wants to land (Infinity for `G`), until the rows arrive. */
  private pending: number | undefined;

  constructor(private readonly host: NavigatorHost) {}

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
    const at = this.pending !== undefined && Number.isFinite(this.pending) ? this.pending : this.host.view().selected;
    const target = moveTarget(command, at, this.host.snapshot().windowRows);
    if (target === undefined) return false;
    this.move(target);
    return true;
  }

  /** Selects row `index`, or waits for it when it is past the loaded end. */
  move(index: number): void {
    const view = this.host.view();
    const visible = this.host.snapshot().visible;
    const snap = view.pager.getSnapshot();
    const last = visible.items.length - 1;
    // A move past the loaded end (a held key, a paste) lands once the rows arrive. In a filtered
    // or sorted view it stops at the last row instead: which rows arrive is not known.
    const canWait = visible.indices === undefined || index === Number.POSITIVE_INFINITY;
    this.pending = index > last && canWait && snap.hasMore && snap.state !== 'error' ? index : undefined;
    const before = [view.selected, view.top];
    placeSelection(view, index, visible.items.length, this.host.snapshot().windowRows);
    this.prefetch();
    const following = this.pending === Number.POSITIVE_INFINITY;
    if (following !== this.host.snapshot().following) this.host.update({ following, loadingAll: loadingBeyondNeed(view.pager.getSnapshot()) });
    else if (before[0] !== view.selected || before[1] !== view.top) this.host.update({});
  }

  /** `G`: the last row, following the end while the rest of the list loads. */
  goToEnd(): void {
    const snap = this.host.view().pager.getSnapshot();
    this.move(snap.hasMore && snap.state !== 'error' ? Number.POSITIVE_INFINITY : this.host.snapshot().visible.items.length - 1);
  }

  /**
   * Esc while the list loads beyond what the view needs (`G`, Tab, whatever moved since): stop
   * that load and stay where the selection is. A request in flight still lands.
   */
  stopLoading(): void {
    this.pending = undefined;
    this.host.view().pager.stopBackgroundLoad();
    this.host.update({ following: false, loadingAll: false });
  }

  /** Tab while filtering: load the rest of the list (Esc stops). */
  loadAll(): void {
    const view = this.host.view();
    if (!this.host.snapshot().visible.filtered) return;
    const pager = view.pager.getSnapshot();
    if (!pager.hasMore || pager.state === 'error') return;
    view.pager.loadAll();
    // Said at once: while the list loads, the pager's changes are only drawn every 100 ms.
    this.host.update({ loadingAll: loadingBeyondNeed(view.pager.getSnapshot()) });
  }

  /**
   * Keeps at least one screen of rows loaded beyond the window, so scrolling never waits. The
   * position counts in loaded items, not in filtered rows: a filtered window whose last row is
   * near the loaded end fetches on; one whose matches are far from it does not.
   */
  prefetch(): void {
    if (!this.host.canFetch()) return;
    const view = this.host.view();
    const snapshot = this.host.snapshot();
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
   * or the list ended or failed before its row).
   */
  settle(view: ListView, pager: PagerSnapshot, previous: VisibleList, visible: VisibleList, rows: number): boolean {
    if (this.pending === undefined) {
      placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, rows);
      return false;
    }
    placeSelection(view, this.pending, visible.items.length, rows);
    if (view.selected === this.pending || !pager.hasMore || pager.state === 'error') {
      this.pending = undefined;
      return true;
    }
    return false;
  }
}
