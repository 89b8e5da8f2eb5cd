/**
 * `:` and `pagetui open`: go to a page group by id (loaded in the list or not: its first pages
 * request says whether it exists), or, inside a group, select a page by id, loading the list on
 * until the page arrives (Esc stops).
 */
import { findItem } from '../../../api/pager/packed-items.js';
import type { Pager } from '../../../api/pager/pager.js';
import type { PagerSnapshot } from '../../../api/types.js';
import { groupIdOf, pageIdOf, titleOfGroup } from '../list/items.js';
import type { ListView } from '../list/list-view.js';
import { errorMessage, loadingBeyondNeed, TOAST_MS } from '../status.js';
import type { StoreContext, ToastRequest } from '../store-context.js';
import type { JumpTarget } from '../store-types.js';
import { countText as count } from '../../../text/count.js';
import { badIdReason, foundMessage } from './jump-messages.js';

interface Seeking {
  readonly view: ListView;
  readonly pageId: string;
  /** Pager items looked at so far. */
  scanned: number;
  /** The page's pager position once it arrived. */
  foundAt?: number;
  readonly unsubscribe: () => void;
  /** Rows loaded after which the search gives up, and what it then says (a place remembered from the last session). */
  readonly within?: { readonly rows: number; readonly said: () => ToastRequest };
  /** Those rows are loaded without the page: the load is stopped, and the search ends at the next change. */
  gaveUp?: true;
}

const lookingText = (pageId: string): string => `Looking for page "${pageId}"…`;

export class JumpFlow {
  /** A group not loaded yet whose first pages request is under way. */
  private probe: { readonly groupId: string; readonly pager: Pager; readonly unsubscribe: () => void; readonly from: ListView } | undefined;
  /** A page sought in the shown list while it loads on. */
  private seeking: Seeking | undefined;
  /**
   * A page found in a list whose rows are still being ordered (a sort, or a filter's scan, over many
   * items): its row is known, and so selected and said, once the order is made, with the query of
   * a filter cleared to show it.
   */
  private ordering: { readonly view: ListView; readonly pageId: string; readonly position: number; readonly clearedQuery?: string } | undefined;
  /** The page to seek once the group being opened is shown. */
  private thenPage: string | undefined;

  /**
   * @param start `pagetui open`'s target, gone to by `startPending()` once a key is known.
   */
  constructor(
    private readonly ctx: StoreContext,
    private start?: JumpTarget,
  ) {}

  /** Goes to the start target, unless the login form is still open (then: after the key). */
  startPending(): void {
    const target = this.start;
    if (!target || this.ctx.snapshot().overlay === 'login') return;
    this.start = undefined;
    this.toGroup(target);
  }

  /**
   * True while a jump is on its way to its row: a group's first page asked for, or a page sought
   * while the list loads on (Esc stops both). A search stalled on an error is not (`r` resumes it).
   */
  underWay(): boolean {
    if (this.probe) return true;
    const seeking = this.seeking;
    return seeking !== undefined && seeking.view.pager.getSnapshot().state !== 'error';
  }

  /** Enter in the jump prompt: a group id on the group list, a page id on a page list. */
  submit(text: string): void {
    const id = text.trim();
    if (this.ctx.view().kind === 'groups') this.toGroup({ groupId: id });
    else this.toPage(id);
  }

  /** Opens group `target.groupId`, then selects `target.pageId` in it. */
  toGroup(target: JumpTarget): void {
    const reason = badIdReason(target.groupId, 'page group id');
    if (reason !== undefined) return this.ctx.toast({ tone: 'error', text: reason });
    this.cancelProbe();
    this.thenPage = target.pageId;
    const { groupId } = target;
    const known = this.ctx.lists.pagesOf(groupId);
    const loaded = findItem(this.ctx.lists.groups.pager.getSnapshot().items, (raw) => groupIdOf(raw) === groupId);
    const cached = this.ctx.cachedRows.cachedGroup(groupId);
    const title = loaded ? titleOfGroup(loaded) : cached && (cached.title ?? '');
    if (known || title !== undefined) {
      this.ctx.lists.showGroup(groupId, title ?? '');
      return this.afterGroupShown();
    }
    // Not loaded: ask for its first page, and open it only once the answer says it exists.
    const pager = this.ctx.newPager('pages', groupId);
    const from = this.ctx.view();
    const unsubscribe = pager.subscribe(() => this.probeChanged());
    this.probe = { groupId, pager, unsubscribe, from };
    this.ctx.toast({ tone: 'info', text: `Opening page group "${groupId}"…` });
    pager.ensure(1);
  }

  /**
   * Selects page `pageId` in the page list shown, loading on until it arrives; with `within`, only
   * until that many rows are loaded, then `within.said()` is said.
   */
  toPage(pageId: string, within?: Seeking['within']): void {
    const reason = badIdReason(pageId, 'page id');
    if (reason !== undefined) return this.ctx.toast({ tone: 'error', text: reason });
    const view = this.ctx.view();
    this.ctx.cachedRows.pageSought(view);
    this.endSeeking();
    // Frames are drawn at most every 250 ms while a list loads: the pager is watched directly, so
    // the load stops as soon as the page arrives, not a few requests later.
    const seeking: Seeking = { view, pageId, scanned: 0, unsubscribe: view.pager.subscribe(() => this.arrived(seeking)), ...(within === undefined ? {} : { within }) };
    this.seeking = seeking;
    this.arrived(seeking);
    if (this.finish()) return;
    if (seeking.gaveUp === true && within !== undefined) {
      this.endSeeking();
      return this.ctx.toast(within.said());
    }
    const pager = view.pager.getSnapshot();
    if (!pager.hasMore) {
      this.endSeeking();
      return this.ctx.toast({ tone: 'error', text: `No page "${pageId}" in this group (all ${count(pager.items.length)} loaded).` });
    }
    view.pager.loadAll();
    this.ctx.update({ loadingAll: loadingBeyondNeed(view.pager.getSnapshot()) });
    this.progress();
  }

  /** The shown list's rows changed (and its rows were derived again): select the page once it is there. */
  onPagerChange(view: ListView): void {
    const seeking = this.seeking;
    if (seeking?.view !== view) return;
    // `G` pressed meanwhile: going to the end wins, the search ends quietly.
    if (this.ctx.snapshot().following) return this.stopSaid();
    this.arrived(seeking);
    if (this.finish()) return;
    if (seeking.gaveUp === true && seeking.within !== undefined) {
      this.endSeeking();
      this.ctx.update({ loadingAll: false });
      return this.ctx.toast(seeking.within.said());
    }
    const pager = view.pager.getSnapshot();
    if (pager.state === 'error') return; // The status bar says why; `r` resumes, and the search with it.
    if (!pager.hasMore) {
      this.endSeeking();
      return this.ctx.toast({ tone: 'error', text: `No page "${seeking.pageId}" in this group (all ${count(pager.items.length)} loaded).` });
    }
    // Something else stopped the load (a refresh, a move): the search ends with it.
    if (!pager.loadingAll) return this.endSeeking();
    this.progress();
  }

  /** Esc while a page is sought: stop looking (the caller stops the load). */
  stop(): void {
    const seeking = this.seeking;
    if (!seeking) return;
    this.endSeeking();
    // No count: a page still in flight lands after this, and the header says the count it makes.
    this.ctx.toast({ tone: 'warning', text: `Stopped looking for page "${seeking.pageId}".` });
  }

  /**
   * The selection moved (a key, a click, `n`, `G`): a page still sought is no longer looked for,
   * and the load goes on as after a move during `G` (Esc stops it).
   */
  moved(): void {
    this.ordering = undefined;
    this.stopSaid();
  }

  /** The shown list changed: a search in the one left ends; a probe opened from it is dropped. */
  forget(): void {
    this.ordering = undefined;
    this.endSeeking();
  }

  dispose(): void {
    this.ordering = undefined;
    this.cancelProbe();
    this.endSeeking();
  }

  /** A move (`G` too) wins over the search and says so; `G`'s own progress says where it goes. */
  private stopSaid(): void {
    const seeking = this.seeking;
    this.endSeeking();
    if (seeking !== undefined) this.ctx.toast({ tone: 'warning', text: `Stopped looking for page "${seeking.pageId}".` });
  }

  private endSeeking(): void {
    this.seeking?.unsubscribe();
    this.seeking = undefined;
  }

  private afterGroupShown(): void {
    const pageId = this.thenPage;
    this.thenPage = undefined;
    if (pageId !== undefined) this.toPage(pageId);
  }

  private probeChanged(): void {
    const probe = this.probe;
    if (!probe) return;
    const snap = probe.pager.getSnapshot();
    if (snap.state === 'loading' || snap.state === 'rate-limited' || (snap.state === 'idle' && snap.pagesFetched === 0)) return;
    this.probe = undefined;
    probe.unsubscribe();
    if (this.ctx.view() !== probe.from) {
      // The user went elsewhere meanwhile: do not pull them away.
      probe.pager.dispose();
      return;
    }
    if (snap.state === 'error' && snap.error) {
      probe.pager.dispose();
      this.thenPage = undefined;
      return this.ctx.toast(this.openFailed(probe.groupId, snap));
    }
    this.ctx.lists.showGroup(probe.groupId, '', probe.pager);
    this.afterGroupShown();
  }

  private openFailed(groupId: string, snap: PagerSnapshot): ToastRequest {
    const error = snap.error;
    if (!error) return { tone: 'error', text: `Cannot open page group "${groupId}".` };
    // What matters first, so a narrow row keeps it: the code, the path and the request id are `E`'s
    // (the toast's error). No `r` hint: `r` refreshes the list shown, not this request; `:` asks again.
    if (error.status === 404) return { tone: 'error', text: `No page group "${groupId}".`, error };
    const message = errorMessage(error, this.ctx.now());
    return { tone: 'error', text: `Cannot open page group "${groupId}": ${message.text}`, error };
  }

  private cancelProbe(): void {
    const probe = this.probe;
    if (!probe) return;
    this.probe = undefined;
    probe.unsubscribe();
    probe.pager.dispose();
  }

  /** Looks through the items not scanned yet; once the page is among them, stops the load. */
  private arrived(seeking: Seeking): void {
    if (seeking.foundAt !== undefined) return;
    if (this.ctx.snapshot().following) return this.stopSaid();
    const pager = seeking.view.pager;
    const items = pager.getSnapshot().items;
    for (let i = seeking.scanned; i < items.length; i++) {
      const raw = items.at(i);
      if (raw !== undefined && pageIdOf(raw) === seeking.pageId) {
        seeking.foundAt = i;
        break;
      }
    }
    seeking.scanned = items.length;
    if (seeking.foundAt === undefined && seeking.within !== undefined && items.length >= seeking.within.rows) seeking.gaveUp = true;
    if ((seeking.foundAt !== undefined || seeking.gaveUp === true) && pager.getSnapshot().loadingAll) pager.stopBackgroundLoad();
  }

  /** Selects the page when it has arrived and the rows shown include it; true when done. */
  private finish(): boolean {
    const seeking = this.seeking;
    const position = seeking?.foundAt;
    if (!seeking || position === undefined) return false;
    const { visible } = this.ctx.snapshot();
    if (visible.loaded <= position) return false; // Not drawn yet: the next change selects it.
    this.endSeeking();
    if (this.ctx.snapshot().loadingAll || this.ctx.snapshot().following) this.ctx.update({ loadingAll: false, following: false });
    this.ordering = { view: seeking.view, pageId: seeking.pageId, position };
    this.rowsChanged();
    return true;
  }

  /**
   * The rows shown changed: a page found while they were being ordered is selected once they are.
   * Before, its row in the rows ordered so far was taken (row 1 when not among them yet), and the
   * selection landed on another page.
   */
  rowsChanged(): void {
    const ordering = this.ordering;
    if (ordering === undefined) return;
    if (ordering.view !== this.ctx.view()) {
      this.ordering = undefined;
      return;
    }
    if (this.ctx.snapshot().visible.scanning === true) return;
    const found = this.rowOf(ordering.position);
    if (found < 0 && ordering.clearedQuery === undefined) {
      // Hidden by the filter: it goes (the order stays), and the rows derived again say where the page is.
      this.ordering = { ...ordering, clearedQuery: this.ctx.snapshot().list.query };
      this.ctx.filters.clearQuery();
      return this.rowsChanged();
    }
    this.ordering = undefined;
    const row = Math.max(0, found);
    this.ctx.navigator.move(row);
    this.ctx.toast({ tone: 'success', aboutPlace: true, ...foundMessage(ordering.pageId, this.ctx.selectedItem(), row + 1, ordering.clearedQuery) });
  }

  private rowOf(position: number): number {
    const { indices } = this.ctx.snapshot().visible;
    return indices === undefined ? position : indices.indexOf(position);
  }

  /**
   * No count here: the status line's progress says it (with the way out), changing with the header
   * and the rows, so the line says one count, and without motion at most every few seconds.
   */
  private progress(): void {
    const seeking = this.seeking;
    if (!seeking) return;
    const text = lookingText(seeking.pageId);
    // Raised again only before it would fade: a new message for every page would redraw the status
    // line, and the clock it reads, a page at a time. Without motion it never fades.
    const shown = this.ctx.snapshot().toast;
    if (shown?.text === text && shown.until - this.ctx.now() > TOAST_MS / 2) return;
    this.ctx.toast({ tone: 'info', text });
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly jumpFlow: JumpFlow;
  }
}
