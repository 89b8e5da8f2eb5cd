/**
 * A filter keystroke never waits for the whole list: the first frame after it shows the first
 * screen of matches as soon as they are found (the scan runs from the top until the window is
 * full, or for FIRST_MS), and the rest of the scan goes on in slices of SLICE_MS, each from an
 * immediate, so keys are read between them. A newer keystroke starts its own scan (the next slice
 * goes on with whatever the filter is then: the older scan is dropped). While the scan runs the
 * header says "matching… N so far"; a frame is drawn when new rows reach the window, every
 * PUBLISH_MS for the count, and at the end.
 *
 * The selection stays on the item that was selected when the filter started changing (its
 * "anchor", a pager position), as long as the user has not moved since: the item is selected
 * again once the scan finds it. Clearing the filter keeps the row selected among its matches, or,
 * when it had none, goes back to the anchor.
 */
import type { ListView } from './list-view.js';
import { specOf } from './list-view.js';
import { placeSelection } from './list-navigator.js';
import { NO_SCAN, type ScanBudget, type VisibleList } from './visible-list.js';
import { heldOnAnchor } from './anchor-hold.js';
import type { StoreContext } from '../store-context.js';

/** The first slice, taken at the keystroke itself: longer than the others, to fill the window. */
const FIRST_MS = 12;
/** Each later slice, between two looks at the input. */
const SLICE_MS = 8;
/** How often the count is redrawn while the scan goes on (new rows in the window are drawn at once). */
const PUBLISH_MS = 100;

export class FilterScanFlow {
  private scheduled: ReturnType<typeof setImmediate> | undefined;
  private publishedAt = 0;

  constructor(private readonly ctx: StoreContext) {}

  /**
   * The budget of the slice a keystroke takes: a window of rows, or FIRST_MS. (The window is the
   * first one: a filter's rows are shown from the top unless they hold the selected item.)
   */
  firstBudget(): ScanBudget {
    return { until: performance.now() + FIRST_MS, rows: this.ctx.snapshot().windowRows };
  }

  /** The budget of a slice taken when pages arrive during a scan. */
  sliceBudget(): ScanBudget {
    return { until: performance.now() + SLICE_MS };
  }

  /** A new snapshot was made: when its rows are a scan's first ones, the next slice is asked for. */
  afterUpdate(visible: VisibleList): void {
    if (visible.scanning !== true || this.scheduled !== undefined || this.ctx.disposed()) return;
    this.scheduled = setImmediate(() => this.slice());
  }

  /** Finishes the scan at once (before an export: it writes every match). */
  finish(): void {
    this.cancel();
    const visible = this.ctx.snapshot().visible;
    if (visible.scanning === true) this.publish(this.ctx.view(), visible, undefined);
  }

  cancel(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
  }

  /**
   * Places the selection on the rows that replace `previous` because the filter changed: on the
   * anchor when the rows hold it (or will: heldOnAnchor), else on the first row. Returns the rows to show.
   */
  placeAfterFilter(view: ListView, previous: VisibleList, found: VisibleList): VisibleList {
    // The filter cleared with rows shown: the row selected among them stays selected.
    if (!found.filtered && previous.filtered && previous.items.length > 0) delete view.anchor;
    view.anchor ??= positionOf(previous, view.selected);
    const visible = heldOnAnchor(view, found);
    let row = view.anchor === undefined ? -1 : rowOf(visible, view.anchor);
    // Moves made while the order was being made count from the anchor's row, once it is made.
    if (visible.scanning !== true && view.anchorSteps !== undefined) {
      if (row >= 0) row = Math.max(0, Math.min(visible.items.length - 1, row + view.anchorSteps));
      delete view.anchorSteps;
    }
    placeSelection(view, row < 0 ? 0 : row, visible.items.length, this.ctx.snapshot().windowRows);
    this.publishedAt = performance.now();
    return visible;
  }

  private slice(): void {
    this.scheduled = undefined;
    if (this.ctx.disposed()) return;
    const previous = this.ctx.snapshot().visible;
    if (previous.scanning !== true) return;
    this.publish(this.ctx.view(), previous, this.sliceBudget());
  }

  /**
   * Takes the scan on (to the end without a budget) and draws its rows when they are worth a
   * frame: rows are made only then (a million found are copied once per frame, not per slice).
   */
  private publish(view: ListView, previous: VisibleList, budget: ScanBudget | undefined): void {
    const items = view.pager.getSnapshot().items;
    const spec = specOf(view);
    const found = budget === undefined ? undefined : view.deriver.advance(items, spec, budget);
    const windowEnd = view.top + this.ctx.snapshot().windowRows;
    if (found !== undefined && view.deriver.scanning) {
      const newInWindow = previous.items.length < windowEnd && found > previous.items.length;
      if (!newInWindow && performance.now() - this.publishedAt < PUBLISH_MS) {
        this.scheduled = setImmediate(() => this.slice());
        return;
      }
    }
    let visible = view.deriver.derive(items, spec, found === undefined ? budget : NO_SCAN);
    const selectedBefore = view.selected;
    const rows = this.ctx.snapshot().windowRows;
    if (this.ctx.navigator.followingEnd) {
      // `G` during the scan: the selection stays on its row until the scan and the list end, then the last row.
      const pager = view.pager.getSnapshot();
      if (visible.scanning !== true && !pager.hasMore) {
        placeSelection(view, visible.items.length - 1, visible.items.length, rows);
        this.ctx.navigator.forget();
        this.ctx.update({ visible, following: false });
        this.ctx.navigator.sayEndReached(view, visible);
        this.ctx.navigator.afterRowsChanged(view);
        return;
      }
      placeSelection(view, keptRow(previous, visible, view.selected), visible.items.length, rows);
    } else if (view.anchor !== undefined) visible = this.placeAfterFilter(view, previous, visible);
    else {
      this.publishedAt = performance.now();
      placeSelection(view, keptRow(previous, visible, view.selected), visible.items.length, rows);
    }
    if (selectedBefore !== view.selected) this.ctx.navigator.prefetch();
    this.ctx.update({ visible });
    this.ctx.navigator.afterRowsChanged(view);
  }
}

/** The pager position of row `row` of `visible`, if there is such a row. */
function positionOf(visible: VisibleList, row: number): number | undefined {
  if (row < 0 || row >= visible.items.length) return undefined;
  return visible.indices ? visible.indices[row] : row;
}

/** The row of pager position `position` in `visible`, or -1. */
function rowOf(visible: VisibleList, position: number): number {
  if (!visible.indices) return position < visible.items.length ? position : -1;
  return visible.indices.indexOf(position);
}

/** Rows found later only add to the scan's rows: the selected item keeps its row unless reordered. */
function keptRow(previous: VisibleList, visible: VisibleList, row: number): number {
  const position = positionOf(previous, row);
  if (position === undefined) return row;
  const at = rowOf(visible, position);
  return at < 0 ? row : at;
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly filterScan: FilterScanFlow;
  }
}
