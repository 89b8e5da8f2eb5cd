/**
 * Builds a list's search text ahead of the first filter keystroke, off the path of a page.
 *
 * While `G` or Tab loads a whole listing, every millisecond taken between pages delays the next
 * response (the loop is busy when it arrives), so the text is not built then: a filter typed
 * during the load builds what it needs itself (VisibleListDeriver.prepare). Once the load is over
 * it is built after the frame that showed the rows, in slices that each take a few milliseconds
 * (the pages are parsed again for it, see packed-items.ts), so keys are answered between them.
 * While keys keep coming it waits: over a million items, the slices' garbage brought V8's own
 * collections, and keys pressed then waited 40 ms and more.
 */
import type { ListView } from './list-view.js';

/** Items whose search text one slice builds: about 20 pages, a few milliseconds. */
const SLICE_ITEMS = 2000;
/** How long no key must have come before a slice runs. */
const QUIET_MS = 300;

export interface SearchWarmupOptions {
  /** Told when a slice finished a view's text (not when there was nothing to build). */
  readonly onDone?: (view: ListView) => void;
  /** When the last key came (on the `now` clock). */
  readonly lastKeyAt?: () => number;
  readonly now?: () => number;
}

export class SearchWarmup {
  private pending: { readonly cancel: () => void } | undefined;
  private next: { readonly view: ListView; readonly inBulk: () => boolean } | undefined;
  private readonly onDone: (view: ListView) => void;
  private readonly lastKeyAt: () => number;
  private readonly now: () => number;

  constructor(options: SearchWarmupOptions = {}) {
    this.onDone = options.onDone ?? (() => {});
    this.lastKeyAt = options.lastKeyAt ?? (() => Number.NEGATIVE_INFINITY);
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * After a change of `view`'s pager: warm up once the frame is drawn, unless `inBulk()` then
   * (the load's last page, which ends the bulk load, warms up everything loaded).
   */
  afterChange(view: ListView, inBulk: () => boolean, isActive: (view: ListView) => boolean): void {
    if (inBulk()) return;
    this.next = { view, inBulk };
    this.pending ??= this.soon(isActive);
  }

  dispose(): void {
    this.pending?.cancel();
    this.pending = undefined;
    this.next = undefined;
  }

  /** The next slice: after the frame (an immediate), or once the keys have been quiet a while. */
  private soon(isActive: (view: ListView) => boolean): { readonly cancel: () => void } {
    const quietFor = this.now() - this.lastKeyAt();
    if (quietFor < QUIET_MS) {
      const timer = setTimeout(() => this.slice(isActive), QUIET_MS - quietFor);
      timer.unref?.();
      return { cancel: () => clearTimeout(timer) };
    }
    const immediate = setImmediate(() => this.slice(isActive));
    return { cancel: () => clearImmediate(immediate) };
  }

  private slice(isActive: (view: ListView) => boolean): void {
    this.pending = undefined;
    const next = this.next;
    if (next === undefined || !isActive(next.view) || next.inBulk()) {
      this.next = undefined;
      return;
    }
    if (this.now() - this.lastKeyAt() < QUIET_MS) {
      this.pending = this.soon(isActive);
      return;
    }
    const items = next.view.pager.getSnapshot().items;
    const before = next.view.deriver.prepared;
    const done = next.view.deriver.prepare(items, SLICE_ITEMS);
    if (!done) {
      this.pending = this.soon(isActive);
      return;
    }
    this.next = undefined;
    if (next.view.deriver.prepared > before) this.onDone(next.view);
  }
}
