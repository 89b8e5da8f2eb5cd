/**
 * The lists the store holds (the groups, and the pages of each group visited) and which one is
 * shown: switching lists, and following the shown list's pager into frames.
 */
import { AfterLongLoad } from './after-long-load.js';
import type { Pager } from '../../../api/pager/pager.js';
import type { PagerSnapshot } from '../../../api/types.js';
import { fillTitleWhenLoaded } from './group-title.js';
import { groupIdOf } from './items.js';
import { findItem } from '../../../api/pager/packed-items.js';
import { filterCleared } from '../prompts/jump-messages.js';
import { windowRows } from '../layout.js';
import { newListView, specOf, type ListView } from './list-view.js';
import { watchPager } from './pager-watch.js';
import { SearchWarmup } from './search-warmup.js';
import { RateLimitRecovery } from '../reload/rate-limit-recovery.js';
import { loadingBeyondNeed, offersRestart, toastBelongsTo } from '../status.js';
import type { StoreContext } from '../store-context.js';
import type { AppSnapshot } from '../store-types.js';

export class ShownLists {
  /** The group list, shown first. */
  readonly groups: ListView;
  /** The page list of each group opened, kept for the next visit. */
  private readonly pageLists = new Map<string, ListView>();
  private shown: ListView;
  private unwatch: () => void = () => {};
  private readonly afterLongLoad = new AfterLongLoad({ lastKeyAt: () => this.ctx.lastKeyAt() });
  private readonly searchWarmup = new SearchWarmup({
    onDone: (view) => this.afterLongLoad.changed(view.pager),
    lastKeyAt: () => this.ctx.lastKeyAt(),
  });
  private readonly recovery = new RateLimitRecovery();

  constructor(
    private readonly ctx: StoreContext,
    groupsPager: Pager,
  ) {
    this.groups = newListView('groups', groupsPager);
    this.shown = this.groups;
  }

  /** The list shown. */
  get active(): ListView {
    return this.shown;
  }

  /** The page list of a group opened before, if any. */
  pagesOf(groupId: string): ListView | undefined {
    return this.pageLists.get(groupId);
  }

  /** Every list held: the groups, then the page lists. */
  all(): readonly ListView[] {
    return [this.groups, ...this.pageLists.values()];
  }

  /** Shows the page list of a group, kept from an earlier visit or new (with `pager` when given). */
  showGroup(groupId: string, title: string, pager?: Pager): void {
    let view = this.pageLists.get(groupId);
    // A list left on a failure `r` cannot get past (a cursor the server refuses) starts afresh.
    if (view && offersRestart(view.pager.getSnapshot())) {
      view.pager.dispose();
      this.pageLists.delete(groupId);
      view = undefined;
    }
    if (!view) {
      const shown = newListView('pages', pager ?? this.ctx.newPager('pages', groupId), { id: groupId, title });
      this.pageLists.set(groupId, shown);
      this.ctx.cachedRows.newGroupList(shown);
      fillTitleWhenLoaded(this.groups.pager, shown, () => {
        if (this.shown === shown) this.ctx.update({ list: shown });
      });
      view = shown;
    } else if (pager) pager.dispose();
    this.show(view);
  }

  /**
   * Esc from a group's pages: the group list, with that group selected when it is among its rows
   * (a group opened by `:` or `pagetui open` was never selected there).
   */
  backToGroups(): void {
    const groupId = this.shown.groupId;
    this.show(this.groups);
    if (groupId === undefined) return;
    const selected = this.ctx.selectedItem();
    if (selected !== undefined && groupIdOf(selected) === groupId) return;
    if (this.selectGroup(groupId)) return;
    // Hidden by the group list's filter (opened with `:`): the filter goes, as `:` on a page list does.
    const query = this.ctx.snapshot().list.query;
    if (query === '' || findItem(this.groups.pager.getSnapshot().items, (raw) => groupIdOf(raw) === groupId) === undefined) return;
    this.ctx.filters.clearQuery();
    if (this.selectGroup(groupId)) this.ctx.toast({ tone: 'info', aboutPlace: true, text: `${filterCleared(query)}: it hid the group you came back from.` });
  }

  /** Selects group `groupId` among the rows shown; false when it is not among them. */
  private selectGroup(groupId: string): boolean {
    const rows = this.ctx.snapshot().visible.items;
    for (let row = 0; row < rows.length; row++) {
      const raw = rows.at(row);
      if (raw !== undefined && groupIdOf(raw) === groupId) {
        this.ctx.navigator.move(row);
        return true;
      }
    }
    return false;
  }

  show(view: ListView): void {
    const { navigator, jumpFlow, refreshFlow } = this.ctx;
    // Leaving a list cancels its request (nothing is lost: it resumes from the same cursor). Its
    // watcher goes first: told of the abort while still the active list, it would fetch again.
    if (view !== this.shown) {
      this.unwatch();
      this.unwatch = () => {};
      this.shown.pager.pause();
    } else this.shown.pager.stopBackgroundLoad();
    if (view !== this.shown) refreshFlow.forget();
    if (view !== this.shown) this.ctx.watchReads.cancel();
    navigator.forget();
    jumpFlow.forget();
    this.ctx.views.beforeShow(view);
    this.shown = view;
    this.ctx.cachedRows.shown(view);
    this.watch(view);
    const snap = this.ctx.snapshot();
    const pager = view.pager.getSnapshot();
    const input = snap.input?.kind === 'filter' ? snap.input : null;
    this.ctx.update({
      route: view.kind,
      list: view,
      following: false,
      loadingAll: loadingBeyondNeed(pager),
      input,
      windowRows: windowRows(snap.rows, input),
      pager,
      visible: view.deriver.derive(pager.items, specOf(view)),
      refreshing: refreshFlow.snapshot,
      // A message raised on another list does not follow the user here.
      ...(toastBelongsTo(snap.toast, view) ? {} : { toast: undefined }),
    });
    navigator.prefetch();
  }

  /** Follows the changes of `view`'s pager (the shown list's, or a refresh's new listing). */
  watch(view: ListView): void {
    this.unwatch();
    const inBulk = (): boolean => this.ctx.navigator.followingEnd || view.pager.getSnapshot().loadingAll;
    const digest = new PageDigest(view, inBulk);
    // The digest hears of a page before a frame can be drawn for it: the frame that ends a bulk
    // load (drawn at once) then digests that page still as part of the load, and the search text
    // of the whole list is left to the warm-up's slices instead of being built in that frame.
    const unwatchPages = view.pager.subscribe(() => digest.changed());
    const unwatchFrames = watchPager(view.pager, inBulk, () => {
      if (this.ctx.disposed()) return;
      digest.now();
      this.onPagerChange(view);
      if (view.deriver.prepared > 0) this.searchWarmup.afterChange(view, inBulk, (v) => v === this.shown && !this.ctx.disposed());
      this.afterLongLoad.changed(view.pager);
    });
    this.unwatch = () => {
      unwatchFrames();
      unwatchPages();
      digest.dispose();
    };
    // Warnings raised before anyone watched (the group listing starts before the UI) count too.
    this.ctx.warnings.notice(view.pager);
  }

  /** The filter opened: the shown list's search text is built in slices while no key comes. */
  filterOpened(): void {
    const view = this.shown;
    this.searchWarmup.afterChange(view, () => this.ctx.navigator.followingEnd || view.pager.getSnapshot().loadingAll, (v) => v === this.shown && !this.ctx.disposed());
  }

  /**
   * The filter closed: the search text of every list left with no query goes until a filter needs
   * it (the filter stays open when another list is shown, so the one it was built for may be gone).
   */
  filterClosed(): void {
    const idle = [this.groups, ...this.pageLists.values()].filter((view) => view.validQuery === '' && view.deriver.prepared > 0);
    if (idle.length === 0) return;
    this.searchWarmup.dispose();
    for (const view of idle) view.deriver.releaseSearch();
    this.afterLongLoad.released();
  }

  /** Stops following the shown list's pager. */
  stopWatching(): void {
    this.unwatch();
    this.searchWarmup.dispose();
    this.afterLongLoad.dispose();
  }

  /** Disposes the pager of every list. */
  disposePagers(): void {
    this.groups.pager.dispose();
    for (const view of this.pageLists.values()) view.pager.dispose();
  }

  /**
   * The service's rows took the place of the last session's: a notice about those is no longer
   * true, and a screen reader, whose row said "from last session", hears the change.
   */
  private replacedCachedRows(pager: PagerSnapshot): void {
    if (this.ctx.snapshot().toast?.aboutCachedRows === true) this.ctx.update({ toast: undefined });
    if (this.ctx.options.lineCursor === true && pager.error === undefined) this.ctx.toast({ tone: 'success', text: 'Rows updated from the service.' });
  }

  private onPagerChange(view: ListView): void {
    if (view !== this.shown) return;
    const previous = this.ctx.snapshot().visible;
    const fresh = this.ctx.cachedRows.changed(view, this.ctx.snapshot().pager, view.pager.getSnapshot(), previous);
    const pager = view.pager.getSnapshot();
    const visible = fresh?.visible ?? view.deriver.derive(pager.items, specOf(view), this.ctx.filterScan.sliceBudget());
    const patch: { -readonly [K in keyof AppSnapshot]?: AppSnapshot[K] } = { pager, visible, loadingAll: loadingBeyondNeed(pager) };
    this.ctx.keySession.observe(view.pager);
    this.ctx.warnings.notice(view.pager);
    const following = this.ctx.navigator.followingEnd;
    // `G` pressed on cached rows lands too when the service's first page is the whole list.
    const ended = this.ctx.navigator.settle(view, pager, previous, visible, this.ctx.snapshot().windowRows, fresh !== undefined);
    if (ended) patch.following = false;
    this.ctx.update(patch);
    if (ended && following && pager.state !== 'error') this.ctx.navigator.sayEndReached(view, visible);
    this.ctx.navigator.afterRowsChanged(view);
    // For a screen reader, the end of an announced rate-limit wait is announced too.
    const recovered = this.ctx.options.lineCursor === true ? this.recovery.observe(view.pager, pager, view.kind) : undefined;
    if (recovered) this.ctx.toast(recovered);
    else if (fresh) this.replacedCachedRows(pager);
    this.ctx.jumpFlow.onPagerChange(view);
    if (fresh) this.ctx.cachedRows.afterSwap(view);
    if (pager.state === 'idle') this.ctx.navigator.prefetch();
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly lists: ShownLists;
  }
}

/** Items that arrive together outside a bulk load: a page or two. */
const ARRIVED_MOST = 1000;

/**
 * Column widths (and, outside a bulk load while a filter uses it, search texts) are taken from
 * each page's items as it arrives, while the pager still holds them parsed (packed-items.ts): the
 * frames of a long load would otherwise parse its pages again. A bulk load leaves the search text
 * to the filter's scan and SearchWarmup.
 */
function digestNewItems(view: ListView, inBulk: boolean): void {
  const items = view.pager.getSnapshot().items;
  view.columns.measure(items);
  if (!inBulk) view.deriver.prepareArrived(items, ARRIVED_MOST);
}

/**
 * Digests the new items of each page. In a bulk load, from an immediate: the pager has just asked
 * for the next page, and undici writes that request on a reused connection only in the coming
 * check phase, from an immediate queued before this one; the digest then overlaps the network
 * instead of holding the request back. A frame digests what is pending first.
 */
class PageDigest {
  private soon: ReturnType<typeof setImmediate> | undefined;

  constructor(
    private readonly view: ListView,
    private readonly inBulk: () => boolean,
  ) {}

  changed(): void {
    if (!this.inBulk()) return this.now(true);
    this.soon ??= setImmediate(() => this.now());
  }

  /** Digests now what is pending (`always`: even with nothing pending). */
  now(always = false): void {
    if (this.soon === undefined && !always) return;
    this.dispose();
    digestNewItems(this.view, this.inBulk());
  }

  dispose(): void {
    if (this.soon !== undefined) clearImmediate(this.soon);
    this.soon = undefined;
  }
}
