/**
 * Builds a list's search text ahead of the first filter keystroke, off the path of a page.
 *
 * While `G` or Tab loads a whole listing, every millisecond taken between pages delays the next
 * response (the loop is busy when it arrives), so the text is not built then: a filter typed
 * during the load builds what it needs itself (VisibleListDeriver.prepare). Once the load is over
 * it is built after the frame that showed the rows, in slices that each take a few milliseconds
 * (the pages are parsed again for it, see packed-items.ts), so keys are answered between them.
 */
import type { ListView } from './list-view.js';

/** Items whose search text one slice builds: about 20 pages, a few milliseconds. */
const SLICE_ITEMS = 2000;

export class SearchWarmup {
  private pending: ReturnType<typeof setImmediate> | undefined;
  private next: { readonly view: ListView; readonly inBulk: () => boolean } | undefined;

  /** `onDone` is told when a slice finished a view's text (not when there was nothing to build). */
  constructor(private readonly onDone: (view: ListView) => void = () => {}) {}

  /**
   * After a change of `view`'s pager: warm up once the frame is drawn, unless `inBulk()` then
   * (the load's last page, which ends the bulk load, warms up everything loaded).
   */
  afterChange(view: ListView, inBulk: () => boolean, isActive: (view: ListView) => boolean): void {
    if (inBulk()) return;
    this.next = { view, inBulk };
    this.pending ??= setImmediate(() => this.slice(isActive));
  }

  dispose(): void {
    if (this.pending !== undefined) clearImmediate(this.pending);
    this.pending = undefined;
    this.next = undefined;
  }

  private slice(isActive: (view: ListView) => boolean): void {
    this.pending = undefined;
    const next = this.next;
    if (next === undefined || !isActive(next.view) || next.inBulk()) {
      this.next = undefined;
      return;
    }
    const items = next.view.pager.getSnapshot().items;
    const before = next.view.deriver.prepared;
    const done = next.view.deriver.prepare(items, SLICE_ITEMS);
    if (!done) {
      this.pending = setImmediate(() => this.slice(isActive));
      return;
    }
    this.next = undefined;
    if (next.view.deriver.prepared > before) this.onDone(next.view);
  }
}
