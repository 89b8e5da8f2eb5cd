/**
 * `r`: reload a list as a new listing while the old rows stay on screen (stale while
 * revalidate). The new listing loads behind them, page by page, until it holds the item now
 * selected (or as many items as are shown, or its end); then it replaces them in one step.
 * A refresh that fails changes nothing shown, and `r` retries it from its failed cursor.
 */
import { keepSelectedLine, lineToKeep } from './selected-line.js';
import { listItemId } from '../../../api/pager/list-pager.js';
import { itemAt } from '../../../api/pager/packed-items.js';
import type { Pager } from '../../../api/pager/pager.js';
import type { PagerSnapshot, RawItem } from '../../../api/types.js';
import { rowOfItem } from '../list/cached-rows.js';
import { placeSelection } from '../list/list-navigator.js';
import { specOf, type ListView } from '../list/list-view.js';
import { loadingBeyondNeed, RETRY_SCHEDULED } from '../status.js';
import { saysStoppedLoad } from '../list/stopped-load-said.js';
import type { StoreContext } from '../store-context.js';
import type { AppSnapshot } from '../store-types.js';
import { listKey } from '../../keys/help.js';
import { countText } from '../../../text/count.js';
import { stopFirstWait } from './stop-first-wait.js';
import { inForms, type StatusMessage } from '../status-message.js';

/** Esc during a refresh: what happened and the way on (`r`), which a narrow row keeps. */
export function refreshStoppedMessage(): StatusMessage {
  const r = listKey('refresh');
  return { tone: 'warning', ...inForms([`Refresh stopped; the rows shown are from before it (${r} to refresh again)`, `Refresh stopped; older rows shown (${r} refreshes)`, `Refresh stopped (${r} refreshes)`]) };
}

interface Pending {
  readonly view: ListView;
  readonly pager: Pager;
  readonly unsubscribe: () => void;
  /** Ids of the new listing's items looked at so far (a pager only appends). */
  readonly ids: Set<string>;
  scanned: number;
  /** A watch read: its requests are background work. */
  readonly background: boolean;
  /** A watch read: enough once it holds this many items (the window's last row) and the selected one. */
  readonly need?: number;
  /** Pages fetched when it first held `need` items. */
  reachedAt?: number;
  /** Not a watch read: it replaces the rows once it holds this many (as many as were loaded). */
  readonly target: number;
  /** `G` (or Tab) was loading when `r` came: it goes on in the new listing. */
  readonly resume?: 'end' | 'all';
}

export class RefreshFlow {
  private pending: Pending | undefined;
  /** The retry `r` just sent on the shown list (its pager, and its pages fetched then): while it runs, `r` is not a refresh. */
  private retrying: { readonly pager: Pager; readonly pagesFetched: number } | undefined;
  /** The "Refresh stopped" message Esc raised, while it may still be shown. */
  private stopSaid: AppSnapshot['toast'];

  constructor(private readonly ctx: StoreContext) {}

  /** The new listing still loading behind the shown rows (undefined when none). */
  get snapshot(): PagerSnapshot | undefined {
    return this.pending?.pager.getSnapshot();
  }

  /**
   * `r` on the shown list: retry what failed, or start a new listing. Never discards loaded
   * rows, and never asks early during a rate-limit wait (the retry is already scheduled).
   */
  start(background = false, need?: number): void {
    const view = this.ctx.view();
    const shown = view.pager.getSnapshot();
    if (shown.state === 'rate-limited') return this.tryNow(view.pager);
    if (shown.state === 'error') return this.retry(view.pager);
    if (stopFirstWait(this.ctx)) return;
    if (shown.state === 'loading' && this.retrying?.pager === view.pager && this.retrying.pagesFetched === shown.pagesFetched) return this.ctx.toast({ tone: 'warning', text: 'Already retrying.' });
    const pending = this.pending?.view === view ? this.pending : undefined;
    if (pending) {
      const state = pending.pager.getSnapshot().state;
      if (state === 'rate-limited') return this.tryNow(pending.pager);
      if (state === 'error') return pending.pager.retry();
      return this.ctx.toast({ tone: 'warning', text: 'Already refreshing.' });
    }
    this.begin(view, background, need);
  }

  /**
   * `R`: a new listing from the first page, whatever the shown one (or a refresh) failed on: the
   * way past a cursor the server no longer takes. The rows stay until it replaces them.
   */
  restart(): void {
    const view = this.ctx.view();
    const waiting = [view.pager, this.pending?.pager].some((p) => p?.getSnapshot().state === 'rate-limited');
    if (waiting) return this.ctx.toast({ tone: 'info', text: RETRY_SCHEDULED, joinsCountdown: true });
    this.begin(view, false);
  }

  private begin(view: ListView, background: boolean, need?: number): void {
    this.forget();
    // What stopped the last refresh, or a load of the rest, is no longer so: the new one's progress takes its place.
    const shown = this.ctx.snapshot().toast;
    if (shown !== undefined && (shown === this.stopSaid || saysStoppedLoad(shown))) this.ctx.update({ toast: undefined });
    this.stopSaid = undefined;
    // A load of the rest stops while the new listing catches up; it goes on there afterwards.
    const resume: Pending['resume'] = this.ctx.navigator.followingEnd ? 'end' : this.ctx.snapshot().loadingAll ? 'all' : undefined;
    if (resume !== undefined && need === undefined) this.ctx.navigator.stopLoading();
    const target = Math.max(1, view.pager.getSnapshot().items.length);
    const pager = this.ctx.newPager(view.kind, view.groupId);
    const unsubscribe = pager.subscribe(() => this.onChange(pager));
    const watch = need === undefined ? { ...(resume === undefined ? {} : { resume }) } : { need };
    this.pending = { view, pager, unsubscribe, ids: new Set(), scanned: 0, background, target, ...watch };
    // `r` stops a request still in flight for the shown listing (a later page that hangs) before the
    // new listing asks for its first page: never two requests for one listing at once.
    if (!background) view.pager.pause();
    // Past the first screen the reload is background work, paced by the quota.
    pager.ensure(need === undefined ? target : 1, background ? 0 : this.firstScreen());
  }

  /**
   * True while `r`'s new listing is on its way to replace `view`'s rows: the shown listing asks for
   * no more pages meanwhile (one listing, one request in flight), unless the refresh failed.
   */
  replacing(view: ListView): boolean {
    const pending = this.pending;
    return pending?.view === view && !pending.background && pending.pager.getSnapshot().state !== 'error';
  }

  /** A refresh that loads more than a screen or two: Esc stops it (the rows stay as they were). */
  get stoppable(): boolean {
    const pending = this.pending;
    return pending !== undefined && pending.need === undefined && pending.target > this.firstScreen();
  }

  /** Esc: the refresh stops; the rows shown are those from before. */
  stop(): void {
    this.forget();
    this.ctx.update({ refreshing: undefined, refreshTarget: undefined });
    this.ctx.toast(refreshStoppedMessage());
    this.stopSaid = this.ctx.snapshot().toast;
  }

  private firstScreen(): number {
    return this.ctx.snapshot().windowRows * 2;
  }

  /** `r` during a rate-limit wait: a long one is cut short once; otherwise the retry is already scheduled. */
  private tryNow(pager: Pager): void {
    const pagesFetched = pager.getSnapshot().pagesFetched;
    if (pager.tryNow()) this.retrying = { pager, pagesFetched };
    else this.ctx.toast({ tone: 'info', text: RETRY_SCHEDULED, joinsCountdown: true });
  }

  private retry(pager: Pager): void {
    this.retrying = { pager, pagesFetched: pager.getSnapshot().pagesFetched };
    pager.retry();
  }

  /** After a new API key: retry a refresh that failed. */
  retryFailed(): void {
    if (this.pending?.pager.getSnapshot().state === 'error') this.pending.pager.retry();
  }

  /** Drops a refresh still loading (its list is no longer shown); the shown rows stay. */
  forget(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.unsubscribe();
    pending.pager.dispose();
  }

  private onChange(pager: Pager): void {
    const pending = this.pending;
    if (pending?.pager !== pager) return;
    // A page fetched with a typed key proves it; the new listing's warnings count as the list's.
    this.ctx.keySession.observe(pager);
    this.ctx.warnings.notice(pager);
    const snap = pager.getSnapshot();
    this.ctx.update({ refreshing: snap, refreshTarget: this.stoppable ? pending.target : undefined });
    if (snap.pagesFetched === 0 || (snap.state !== 'idle' && snap.state !== 'done')) return;
    if (!this.ready(pending, snap)) {
      if (pending.need === undefined) return pager.ensure(pending.target, this.firstScreen());
      return pager.ensure(snap.items.length + 1, pending.background ? 0 : snap.items.length + 1);
    }
    pending.unsubscribe();
    this.pending = undefined;
    const wasEmpty = pending.view.pager.getSnapshot().items.length === 0;
    const long = pending.need === undefined && pending.target > this.firstScreen();
    this.swap(pending.view, pager, pending.resume);
    // A long refresh said its progress (and Esc to stop): its end is said too. Rows arriving speak
    // for themselves, except to a screen reader (whose cursor is on one row, and whose `r` a quota
    // may hold for its window); an empty list that stays empty would otherwise say nothing. A watch
    // read is background work: it never says so (it would take the status line every interval).
    const said = !pending.background && (long || this.ctx.options.lineCursor === true);
    if (wasEmpty && !pending.background && snap.items.length === 0) this.ctx.toast({ tone: 'success', text: 'Refreshed: the list is still empty.' });
    else if (said) this.ctx.toast({ tone: 'success', text: `Refreshed ${countText(pager.getSnapshot().items.length)} rows.` });
  }

  /**
   * `r`: the new listing holds as many items as were loaded, or all there is. A watch read: as many
   * as shown, or the window's rows and the selected item.
   */
  private ready(pending: Pending, snap: PagerSnapshot): boolean {
    const view = pending.view;
    if (!snap.hasMore) return true;
    if (pending.need === undefined) return snap.items.length >= pending.target;
    if (this.ctx.navigator.followingEnd || this.ctx.snapshot().loadingAll) return true;
    if (snap.items.length >= Math.max(1, view.pager.getSnapshot().items.length)) return true;
    if (pending.need !== undefined) {
      if (snap.items.length < pending.need) return false;
      // One page past the window's last row and still not the selected item: it went or moved far.
      pending.reachedAt ??= snap.pagesFetched;
      if (snap.pagesFetched > pending.reachedAt) return true;
    }
    const selected = this.selected();
    if (!selected) return true;
    const ofKind = listItemId(view.kind);
    for (; pending.scanned < snap.items.length; pending.scanned++) {
      pending.ids.add(ofKind(snap.items.at(pending.scanned) as RawItem));
    }
    const id = ofKind(selected);
    return id === '' || pending.ids.has(id);
  }

  /**
   * The new listing replaces the shown one in one step: the item selected now stays selected
   * (else the same row), the window keeps its place, and `G` or Tab go on loading.
   */
  private swap(view: ListView, pager: Pager, resume?: 'end' | 'all'): void {
    const { navigator } = this.ctx;
    const selected = this.selected();
    const line = lineToKeep(this.ctx.snapshot(), view);
    const before = view.pager.getSnapshot().items;
    view.pager.dispose();
    view.pager = pager;
    view.deriver.reset();
    const snap = pager.getSnapshot();
    view.deriver.prepare(snap.items);
    const visible = view.deriver.derive(snap.items, specOf(view));
    const following = navigator.followingEnd || resume === 'end';
    const loadingAll = this.ctx.snapshot().loadingAll || resume === 'all';
    navigator.forget();
    const windowRows = this.ctx.snapshot().windowRows;
    placeSelection(view, rowOfItem(view.kind, snap.items, visible, selected) ?? view.selected, visible.items.length, windowRows);
    this.ctx.lists.watch(view);
    if (loadingAll && snap.hasMore) pager.loadAll();
    const current = pager.getSnapshot();
    this.ctx.update({ pager: current, visible, refreshing: undefined, refreshTarget: undefined, loadingAll: loadingBeyondNeed(current) });
    if (following) navigator.goToEnd();
    else navigator.prefetch();
    this.ctx.watchFlow.replaced(view, before, snap.items);
    if (!following) keepSelectedLine(this.ctx, view, line);
  }

  private selected(): RawItem | undefined {
    const view = this.ctx.view();
    return itemAt(this.ctx.snapshot().visible.items, view.selected);
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly refreshFlow: RefreshFlow;
  }
}
