/**
 * The rows of the last session (the list cache, docs/cache.md) in the store: shown at once, marked
 * stale, in the group list and in the page list of the group opened last, with the row that was
 * selected; replaced in place by the first page of the same list, the selection kept by id. What
 * this session saw is handed back to the cache when a list's first page arrives and at the end.
 */
import { listItemId } from '../../../api/pager/list-pager.js';
import { findItem, itemAt } from '../../../api/pager/packed-items.js';
import type { ItemSeq, PagerSnapshot, RawItem } from '../../../api/types.js';
import type { CachedGroup, CachedList, CachedLists } from '../../../startup/list-cache.js';
import { placeSelection } from './list-navigator.js';
import { specOf, type ListKind, type ListView } from './list-view.js';
import type { StoreContext, ToastRequest } from '../store-context.js';
import { inForms } from '../status-message.js';
import { countText } from '../../../text/count.js';
import type { VisibleList } from './visible-list.js';

const MAX_ITEMS = 100;
/** Answers that say the key is refused: no cached list of it is shown or kept any more. */
const KEY_REFUSED = new Set([401, 403]);
/** The answer that says a group is gone: its cached rows are neither shown nor kept. */
const GONE = 404;
/**
 * A page selected last time is sought at start only this near the top (10 pages of 100): one at row
 * 100,000 would load the whole group, a thousand requests of the user's quota, unasked.
 */
const SEEK_AT_START_ROWS = 1000;

/**
 * Where the last session's selection was, when it is too far down to be sought unasked. The row is
 * counted in the server's order, the list's order at start, whatever order was on last time.
 */
function lastPlaceMessage(pageId: string, at: number): ToastRequest {
  const row = `row ${countText(at + 1)}`;
  const way = `:${pageId} loads on to it.`;
  return { tone: 'info', aboutPlace: true, ...inForms([`Last time: ${row} in the server's order (${pageId}). ${way}`, `Last time: ${row} (${pageId}). ${way}`, `Last time: ${row} (${pageId}).`]) };
}

/** The last session's page, not found among the rows a start may load unasked. */
function notFoundNearTop(pageId: string, at: number | undefined): ToastRequest {
  const where = at === undefined ? '' : ` (row ${countText(at + 1)})`;
  return { tone: 'info', aboutPlace: true, text: `Last time: page ${pageId}${where}. Not in the first ${countText(SEEK_AT_START_ROWS)} rows: :${pageId} loads on to it.` };
}

/** The row of `visible` (rows drawn from `items`) showing the item with `item`'s id, if any. */
export function rowOfItem(kind: ListKind, items: ItemSeq, visible: VisibleList, item: RawItem | undefined): number | undefined {
  if (!item) return undefined;
  const ofKind = listItemId(kind);
  const id = ofKind(item);
  if (id === '') return undefined;
  let at = -1;
  for (let i = 0; i < items.length && at < 0; i++) if (ofKind(items.at(i) as RawItem) === id) at = i;
  const row = at < 0 || !visible.indices ? at : visible.indices.indexOf(at);
  return row < 0 ? undefined : row;
}

export class CachedRows {
  /** The page list last opened in this session. */
  private lastGroup: ListView | undefined;
  /** The service refused the key: the cache's lists are not shown again in this run. */
  private refused = false;
  /** Groups the service said are gone (404). */
  private readonly gone = new Set<string>();
  /** A page list whose cached selection lies beyond the rows kept: sought once the service's rows are in. */
  private beyond: { readonly view: ListView; readonly pageId: string; readonly at?: number } | undefined;

  constructor(private readonly ctx: StoreContext) {}

  private get initial(): CachedLists {
    return this.refused ? {} : (this.ctx.options.listCache?.initial ?? {});
  }

  /** The group list at start: the cached selection (the rows themselves were given to its pager before the UI). */
  startGroups(view: ListView, windowRows: number): void {
    // `pagetui open <group>`: the list behind it selects that group, not last session's selection.
    const opened = this.ctx.options.start?.groupId;
    const cached = this.initial.groups;
    this.select(view, opened === undefined || cached === undefined ? cached : { ...cached, selectedId: opened }, windowRows);
    // The service may have answered while ink loaded.
    this.heard(view, view.pager.getSnapshot());
  }

  /** The cached group, if `groupId` is it (`open` then shows it at once). */
  cachedGroup(groupId: string): CachedGroup | undefined {
    const group = this.initial.group;
    return group?.groupId === groupId && !this.gone.has(groupId) ? group : undefined;
  }

  /** A page list was just made: the cached rows of its group, if any, until its first page. */
  newGroupList(view: ListView): void {
    const cached = view.groupId === undefined ? undefined : this.cachedGroup(view.groupId);
    if (cached && view.pager.getSnapshot().pagesFetched === 0) {
      view.pager.showStale(cached.items, cached.hasMore);
      if (!view.title && cached.title) view.title = cached.title;
      const placed = this.select(view, cached, this.ctx.snapshot().windowRows);
      if (!placed && cached.selectedId !== undefined) this.beyond = { view, pageId: cached.selectedId, ...(cached.selectedAt === undefined ? {} : { at: cached.selectedAt }) };
    }
  }

  /**
   * The service's rows just took the place of the cached ones in the shown list. A page selected
   * last time beyond the rows the cache keeps is sought now, the list loading on to it as
   * `pagetui open <group> <page>` does (Esc stops), unless the user has moved meanwhile.
   */
  afterSwap(view: ListView): void {
    const beyond = this.beyond;
    if (beyond?.view !== view) return;
    this.beyond = undefined;
    const snap = view.pager.getSnapshot();
    if (view.selected !== 0 || snap.error !== undefined) return;
    const idOf = listItemId(view.kind);
    if (findItem(snap.items, (raw) => idOf(raw) === beyond.pageId) === undefined) {
      if (!snap.hasMore) return;
      // Far down: loading on to it would cost tens of requests nobody asked for. The way is said.
      if (beyond.at !== undefined && beyond.at >= SEEK_AT_START_ROWS) return this.ctx.toast(lastPlaceMessage(beyond.pageId, beyond.at));
    }
    // Not past the rows a start may load unasked, whatever the cache says of where it was.
    this.ctx.jumpFlow.toPage(beyond.pageId, { rows: SEEK_AT_START_ROWS, said: () => notFoundNearTop(beyond.pageId, beyond.at) });
  }

  /**
   * A page is sought in `view` (`pagetui open <group> <page>`, `:`): the page named wins over the
   * one the cache remembers selected beyond its rows, which is then not sought after the swap.
   */
  pageSought(view: ListView): void {
    if (this.beyond?.view === view) this.beyond = undefined;
  }

  /** A page list is shown (the one to save as the group opened last). */
  shown(view: ListView): void {
    if (view.kind === 'pages') this.lastGroup = view;
  }

  /**
   * The shown list's pager changed from `before` to `after`. True when this replaced the cached
   * rows with the first page (the selection is then placed here, by id).
   */
  changed(view: ListView, before: PagerSnapshot, after: PagerSnapshot, previous: VisibleList): { visible: VisibleList } | undefined {
    this.heard(view, after);
    const firstPage = before.pagesFetched === 0 && after.pagesFetched > 0;
    const swapped = before.stale === true && !view.pager.getSnapshot().stale ? this.swap(view, previous) : undefined;
    if (firstPage) this.save();
    return swapped;
  }

  /**
   * What an error says of the cached lists: a refused key drops all of them, shown or not, here
   * and on disk; a group gone (404) drops its own.
   */
  private heard(view: ListView, after: PagerSnapshot): void {
    const status = after.error?.status;
    if (status === undefined) return;
    if (KEY_REFUSED.has(status) && !this.refused) {
      this.refused = true;
      for (const list of this.ctx.lists.all()) list.pager.dropStale();
      void this.ctx.options.listCache?.forget();
    } else if (status === GONE) {
      if (view.kind === 'pages' && view.groupId !== undefined) this.gone.add(view.groupId);
      view.pager.dropStale();
    }
  }

  /** The cached rows went: the first page's (or none) are shown, the item selected kept by its id. */
  private swap(view: ListView, previous: VisibleList): { visible: VisibleList } {
    const now = view.pager.getSnapshot();
    const selected = itemAt(previous.items, view.selected);
    view.deriver.reset();
    const visible = view.deriver.derive(now.items, specOf(view));
    const row = rowOfItem(view.kind, now.items, visible, selected) ?? view.selected;
    placeSelection(view, row, visible.items.length, this.ctx.snapshot().windowRows);
    return { visible };
  }

  /** Hands this session's lists to the cache in the background. */
  save(): void {
    this.ctx.options.listCache?.save(this.collect());
  }

  /** Hands them over now (the app is ending). */
  saveNow(): void {
    this.ctx.options.listCache?.saveNow(this.collect());
  }

  /** Selects the cached selection's row; false when it is not among the rows. */
  private select(view: ListView, cached: CachedList | undefined, windowRows: number): boolean {
    const id = cached?.selectedId;
    if (id === undefined) return false;
    const items = view.pager.getSnapshot().items;
    const ofKind = listItemId(view.kind);
    for (let i = 0; i < items.length; i++) {
      if (ofKind(items.at(i) as RawItem) === id) {
        placeSelection(view, i, items.length, windowRows);
        return true;
      }
    }
    return false;
  }

  private collect(): CachedLists {
    const groups = this.listOf(this.ctx.lists.groups) ?? this.initial.groups;
    const view = this.lastGroup;
    const seen = view && view.groupId !== undefined ? this.listOf(view) : undefined;
    const group: CachedGroup | undefined =
      seen && view?.groupId !== undefined ? { ...seen, groupId: view.groupId, ...(view.title ? { title: view.title } : {}) } : this.initial.group;
    const kept = group && this.stillThere(group.groupId) ? group : undefined;
    return { ...(groups ? { groups } : {}), ...(kept ? { group: kept } : {}) };
  }

  /** Whether a group may still exist: no 404 for it, and not missing from the whole group list as the service sent it. */
  private stillThere(groupId: string): boolean {
    if (this.gone.has(groupId)) return false;
    const pager = this.ctx.lists.groups.pager;
    const snap = pager.getSnapshot();
    const whole = snap.pagesFetched > 0 && !snap.stale && !snap.hasMore && snap.error === undefined;
    return !whole || pager.hasSeen(groupId);
  }

  /** The first rows of a list as loaded (in the server's order) and the id selected; undefined before anything loaded. */
  private listOf(view: ListView): CachedList | undefined {
    const snap = view.pager.getSnapshot();
    if (snap.items.length === 0) return undefined;
    const items: RawItem[] = [];
    for (let i = 0; i < Math.min(MAX_ITEMS, snap.items.length); i++) items.push(snap.items.at(i) as RawItem);
    const visible = view.deriver.derive(snap.items, specOf(view));
    const selectedId = listItemId(view.kind)(itemAt(visible.items, view.selected) ?? {});
    // Still the cached rows (the service has not answered): whether more existed is still what the cache said.
    const hasMore = snap.stale ? (snap.staleHasMore ?? true) : snap.hasMore;
    const selectedAt = visible.indices ? visible.indices[view.selected] : view.selected;
    const selection = selectedId === '' ? {} : selectedAt === undefined ? { selectedId } : { selectedId, selectedAt };
    return { items, hasMore: hasMore || snap.items.length > MAX_ITEMS, ...selection };
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly cachedRows: CachedRows;
  }
}
