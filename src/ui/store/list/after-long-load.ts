/**
 * Memory given back after a long load: once a listing has taken many items and is no longer
 * loading in bulk, full collections run after the frame that showed them (see runtime-gc.ts), and
 * only once the keyboard has been quiet for a moment: over a million items they pause the app for
 * some 120 ms, which a key pressed then would wait for.
 */
import type { Pager } from '../../../api/pager/pager.js';
import { collectGarbage } from '../../../startup/runtime-gc.js';

/** Items loaded since the last collection that make one worth its pause (tens of ms per 100,000). */
const ITEMS_PER_COLLECTION = 20_000;
/** After the frame, and after a keystroke that came with it. */
const DELAY_MS = 150;
/** How long no key must have come before the pause. */
const QUIET_MS = 1000;

export interface AfterLongLoadOptions {
  readonly collect?: () => void;
  /** When the last key came (on the `now` clock). */
  readonly lastKeyAt?: () => number;
  readonly now?: () => number;
}

export class AfterLongLoad {
  private readonly collectedAt = new WeakMap<Pager, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly collect: () => void;
  private readonly lastKeyAt: () => number;
  private readonly now: () => number;

  constructor(options: AfterLongLoadOptions = {}) {
    this.collect = options.collect ?? collectGarbage;
    this.lastKeyAt = options.lastKeyAt ?? (() => Number.NEGATIVE_INFINITY);
    this.now = options.now ?? (() => performance.now());
  }

  /** `pager` changed: when it is not loading and has grown enough since the last collection, collect soon. */
  changed(pager: Pager): void {
    const snap = pager.getSnapshot();
    if (snap.loadingAll || snap.state === 'loading') return;
    const loaded = snap.items.length;
    if (loaded - (this.collectedAt.get(pager) ?? 0) < ITEMS_PER_COLLECTION) return;
    this.collectedAt.set(pager, loaded);
    this.schedule(DELAY_MS);
  }

  /** Much was let go (a closed filter's search text): collect soon, once the keys are quiet. */
  released(): void {
    this.schedule(DELAY_MS);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.dispose();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const quietFor = this.now() - this.lastKeyAt();
      if (quietFor < QUIET_MS) return this.schedule(QUIET_MS - quietFor);
      this.collect();
    }, ms);
    this.timer.unref?.();
  }
}
