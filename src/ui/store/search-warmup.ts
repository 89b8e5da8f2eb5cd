/**
 * Builds a list's search text ahead of the first filter keystroke, off the path of a page.
 *
 * While `G` or Tab loads a whole listing, every millisecond a frame takes delays the next
 * response (the loop is busy when it arrives), so the text is not built then: a filter typed
 * during the load builds what it needs itself (VisibleListDeriver.prepare). Otherwise it is
 * built in an immediate after the frame that showed the rows, so the rows are on screen first.
 */
import type { ListView } from './list-view.js';

export class SearchWarmup {
  private pending: ReturnType<typeof setImmediate> | undefined;
  private next: { readonly view: ListView; readonly inBulk: () => boolean } | undefined;

  /**
   * After a change of `view`'s pager: warm up once the frame is drawn, unless `inBulk()` then
   * (the load's last page, which ends the bulk load, warms up everything loaded).
   */
  afterChange(view: ListView, inBulk: () => boolean, isActive: (view: ListView) => boolean): void {
    if (inBulk()) return;
    this.next = { view, inBulk };
    this.pending ??= setImmediate(() => {
      const next = this.next;
      this.pending = undefined;
      this.next = undefined;
      if (next === undefined || !isActive(next.view) || next.inBulk()) return;
      next.view.deriver.prepare(next.view.pager.getSnapshot().items);
    });
  }

  dispose(): void {
    if (this.pending !== undefined) clearImmediate(this.pending);
    this.pending = undefined;
    this.next = undefined;
  }
}
