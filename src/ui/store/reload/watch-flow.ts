/**
 * `w` / `--watch SECONDS`: the list shown is read again on an interval, as background work (paced
 * by the quota like any): a quiet refresh of its first page(s), or a re-read of the page(s) on
 * screen when they are deeper (see watch-reads.ts). Rows that appeared or changed (any field, by
 * id) since the last read are marked; rows that went are counted in the header and drawn, marked,
 * as ghost rows where they were (not list rows: nothing selects or acts on them). Marks and ghosts
 * fade after two intervals. A read is skipped while the list is rate limited or failed, while a
 * prompt or an overlay is open, and while a read is still under way.
 */
import { listItemId } from '../../../api/pager/list-pager.js';
import { itemSlice } from '../../../api/pager/packed-items.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import type { ListView } from '../list/list-view.js';
import type { GoneItem, RereadMerge } from './reread-merge.js';
import type { StoreContext } from '../store-context.js';
import type { WatchMark } from './watch-state.js';

const DEFAULT_WATCH_SECONDS = 10;
const MIN_WATCH_SECONDS = 2;
/** Marks are dropped this many reads after the one that made them. */
const FADE_AFTER = 2;

/** The interval timer the watch runs on (the global one unless a test gives its own). */
export interface IntervalTimer {
  readonly setInterval: (fn: () => void, ms: number) => unknown;
  readonly clearInterval: (handle: unknown) => void;
}

const GLOBAL_TIMER: IntervalTimer = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

interface Marked {
  readonly kind: WatchMark;
  readonly read: number;
}

interface Ghost extends GoneItem {
  readonly read: number;
}

export class WatchFlow {
  private interval: unknown;
  private everySeconds: number;
  private reads = 0;
  private marks = new Map<string, Marked>();
  private ghosts: Ghost[] = [];
  /** Items the last re-read found that are not loaded. */
  private unplaced = 0;
  private lastAt: number | undefined;
  private view: ListView | undefined;

  constructor(
    private readonly ctx: StoreContext,
    everySeconds = DEFAULT_WATCH_SECONDS,
    private readonly timer: IntervalTimer = GLOBAL_TIMER,
  ) {
    this.everySeconds = Math.max(MIN_WATCH_SECONDS, everySeconds);
  }

  get active(): boolean {
    return this.interval !== undefined;
  }

  /** `w`: starts or stops watching. */
  toggle(): void {
    if (this.active) this.stop();
    else this.start();
  }

  start(everySeconds = this.everySeconds): void {
    this.stop();
    this.everySeconds = Math.max(MIN_WATCH_SECONDS, everySeconds);
    this.interval = this.timer.setInterval(() => this.tick(), this.everySeconds * 1000);
    this.publish();
  }

  stop(): void {
    if (this.interval === undefined) return;
    this.timer.clearInterval(this.interval);
    this.interval = undefined;
    this.clear();
    // Watched again later, the header says no "last" read until one comes back.
    this.lastAt = undefined;
    this.ctx.update({ watch: undefined });
  }

  /** One interval passed: old marks fade, and the list is read again when nothing stands in the way. */
  tick(): void {
    if (!this.active) return;
    this.reads++;
    for (const [id, mark] of this.marks) if (this.reads - mark.read >= FADE_AFTER) this.marks.delete(id);
    this.ghosts = this.ghosts.filter((ghost) => this.reads - ghost.read < FADE_AFTER);
    if (this.canRead()) this.ctx.watchReads.read();
    this.publish();
  }

  /** A refresh replaced the rows of `view`: marks what appeared and changed, and what went. */
  replaced(view: ListView, before: ItemSeq, after: ItemSeq): void {
    if (!this.active) return;
    this.begin(view);
    this.unplaced = 0;
    const idOf = listItemId(view.kind);
    const old = new Map<string, string>();
    for (let i = 0; i < before.length; i++) {
      const raw = before.at(i) as RawItem;
      old.set(idOf(raw), JSON.stringify(raw));
    }
    const seen = new Set<string>();
    let appeared = 0;
    for (let i = 0; i < after.length; i++) {
      const raw = after.at(i) as RawItem;
      const id = idOf(raw);
      if (id === '') continue;
      seen.add(id);
      const was = old.get(id);
      if (was === undefined) {
        appeared++;
        this.marks.set(id, { kind: 'appeared', read: this.reads });
      } else if (was !== JSON.stringify(raw)) this.marks.set(id, { kind: 'changed', read: this.reads });
    }
    // The read covers only the first page(s): rows pushed past its end by new ones did not go.
    const compared = Math.max(0, after.length - appeared);
    const gone: GoneItem[] = [];
    let anchor = '';
    for (const raw of itemSlice(before, 0, compared)) {
      const id = idOf(raw);
      if (seen.has(id)) anchor = id;
      else gone.push({ raw, anchor });
    }
    this.wentAway(gone);
    this.publish();
  }

  /** A re-read of the page(s) on screen was applied to `view` in place (see watch-reads.ts). */
  reread(view: ListView, merge: RereadMerge, unplaced: number): void {
    if (!this.active) return;
    this.begin(view);
    for (const id of merge.changed) this.marks.set(id, { kind: 'changed', read: this.reads });
    this.wentAway(merge.gone);
    this.unplaced = unplaced;
    this.publish();
  }

  private begin(view: ListView): void {
    if (this.view !== view) this.clear();
    this.view = view;
    this.lastAt = this.ctx.now();
  }

  private wentAway(gone: readonly GoneItem[]): void {
    if (gone.length === 0) return;
    for (const item of gone) this.ghosts.push({ ...item, read: this.reads });
  }

  dispose(): void {
    if (this.interval === undefined) return;
    this.timer.clearInterval(this.interval);
    this.interval = undefined;
  }

  private canRead(): boolean {
    const snap = this.ctx.snapshot();
    // While `G` or Tab loads the whole list, the load itself brings fresh rows; a read would only spend quota.
    if (snap.overlay !== null || snap.input !== null || snap.loadingAll || this.ctx.refreshFlow.snapshot !== undefined || this.ctx.watchReads.busy) return false;
    const state = this.ctx.view().pager.getSnapshot().state;
    if (state === 'rate-limited' || state === 'error') return false;
    if (this.view !== undefined && this.view !== this.ctx.view()) this.clear();
    return true;
  }

  private clear(): void {
    this.marks = new Map();
    this.ghosts = [];
    this.unplaced = 0;
    this.view = undefined;
  }

  private publish(): void {
    if (!this.active) return;
    const marks = new Map<string, WatchMark>();
    for (const [id, mark] of this.marks) marks.set(id, mark.kind);
    const ghosts = new Map<string, RawItem[]>();
    for (const ghost of this.ghosts) {
      const after = ghosts.get(ghost.anchor);
      if (after) after.push(ghost.raw);
      else ghosts.set(ghost.anchor, [ghost.raw]);
    }
    this.ctx.update({
      watch: {
        everySeconds: this.everySeconds,
        // Every ghost still drawn, from this read and the one before.
        gone: this.ghosts.length,
        marks,
        ghosts,
        unplaced: this.unplaced,
        ...(this.view === undefined ? {} : { list: this.view }),
        ...(this.lastAt === undefined ? {} : { lastAt: this.lastAt }),
      },
    });
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly watchFlow: WatchFlow;
  }
}
