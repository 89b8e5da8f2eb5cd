/**
 * Memory given back after a long load: once a listing has taken many items and is no longer
 * loading in bulk, one full collection runs after the frame that showed them (see runtime-gc.ts).
 */
import type { Pager } from '../../api/pager.js';
import { collectGarbage } from '../../runtime-gc.js';

/** Items loaded since the last collection that make one worth its pause (tens of ms per 100,000). */
const ITEMS_PER_COLLECTION = 20_000;
/** After the frame, and after a keystroke that came with it. */
const DELAY_MS = 150;

export class AfterLongLoad {
  private readonly collectedAt = new WeakMap<Pager, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly collect: () => void = collectGarbage) {}

  /** `pager` changed: when it is not loading and has grown enough since the last collection, collect soon. */
  changed(pager: Pager): void {
    const snap = pager.getSnapshot();
    if (snap.loadingAll || snap.state === 'loading') return;
    const loaded = snap.items.length;
    if (loaded - (this.collectedAt.get(pager) ?? 0) < ITEMS_PER_COLLECTION) return;
    this.collectedAt.set(pager, loaded);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.collect();
    }, DELAY_MS);
    this.timer.unref?.();
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
