/**
 * What one watch read fetches, so that it stays small however deep the rows on screen are. While
 * they lie in the first few pages of a listing loaded no further, the read is a new listing (a
 * quiet refresh) loaded until it covers the window's last row. Deeper, or once more is loaded,
 * only the page(s) holding the rows on screen are read again, each from the cursor that first fetched it, through the same client as
 * background work; the answers never feed the listing's cursor chain. They are applied in place
 * (see reread-merge.ts). A re-read that fails changes nothing, says so quietly, and the next read
 * starts from the top (which also renews the cursors).
 */
import { listItemId } from '../../../api/pager/list-pager.js';
import { itemAt } from '../../../api/pager/packed-items.js';
import type { Pager } from '../../../api/pager/pager.js';
import { isApiError } from '../../../api/http/errors.js';
import type { ItemSeq, RawItem } from '../../../api/types.js';
import { placeSelection } from '../list/list-navigator.js';
import { keepSelectedLine, lineToKeep } from './selected-line.js';
import { specOf, type ListView } from '../list/list-view.js';
import { emptyMerge, mergeReread } from './reread-merge.js';
import type { StoreContext } from '../store-context.js';
import type { VisibleList } from '../list/visible-list.js';

/** Rows on screen within this many first pages: the read is a new listing from the top. */
const TOP_PAGES = 3;
/** At most this many pages are read again per read (a sorted window may gather rows from many). */
const MAX_PAGES = 3;

export type ReadPlan = { readonly kind: 'top'; readonly need?: number } | { readonly kind: 'pages'; readonly pages: readonly number[] };

/** What the next read of `view` fetches, for the rows `visible` shows in a window of `windowRows`. */
export function planRead(view: ListView, visible: VisibleList, windowRows: number): ReadPlan {
  const end = Math.min(visible.items.length, view.top + windowRows);
  if (end <= view.top) return { kind: 'top' };
  const ledger = view.pager.pages;
  const pages = new Set<number>();
  let deepest = 0;
  for (let row = view.top; row < end; row++) {
    const position = visible.indices ? (visible.indices[row] as number) : row;
    const page = ledger.indexOf(position);
    if (page < 0) return { kind: 'top', need: end };
    pages.add(page);
    deepest = Math.max(deepest, position);
  }
  // A new listing replaces the loaded one: only while nothing was fetched beyond the first pages, or
  // the rows `G` or scrolling loaded further would be dropped by a read of the top (and a new listing
  // of a server whose paging went wrong would walk its empty pages to the loop guard again).
  const shallow = ledger.size <= TOP_PAGES && view.pager.getSnapshot().pagesFetched <= TOP_PAGES;
  if (Math.max(...pages) < TOP_PAGES && shallow) return { kind: 'top', need: deepest + 1 };
  const selectedPosition = visible.indices ? (visible.indices[view.selected] ?? 0) : view.selected;
  const around = ledger.indexOf(selectedPosition);
  const chosen = [...pages].sort((a, b) => Math.abs(a - around) - Math.abs(b - around) || a - b).slice(0, MAX_PAGES);
  return { kind: 'pages', pages: chosen.sort((a, b) => a - b) };
}

interface Running {
  readonly view: ListView;
  readonly pager: Pager;
  readonly controller: AbortController;
}

export class WatchReads {
  private running: Running | undefined;
  private fromTop = false;

  constructor(private readonly ctx: StoreContext) {}

  /** A re-read is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** One watch read of the list shown. */
  read(): void {
    if (this.running) return;
    const view = this.ctx.view();
    const snap = this.ctx.snapshot();
    const plan = planRead(view, snap.visible, snap.windowRows);
    if (plan.kind === 'top' || this.fromTop) {
      this.fromTop = false;
      return this.ctx.refreshFlow.start(true, plan.kind === 'top' ? plan.need : undefined);
    }
    void this.reread(view, plan.pages);
  }

  /** Drops a re-read under way (its list is no longer shown); nothing changes. */
  cancel(): void {
    this.running?.controller.abort();
    this.running = undefined;
  }

  private async reread(view: ListView, pages: readonly number[]): Promise<void> {
    const running: Running = { view, pager: view.pager, controller: new AbortController() };
    this.running = running;
    const fetchPage = this.ctx.fetcher(view.kind, view.groupId);
    const answers: RawItem[][] = [];
    try {
      for (const index of pages) {
        const page = running.pager.pages.page(index);
        if (page === undefined) throw new Error('The page is no longer known.');
        const answer = await fetchPage(page.cursor, running.controller.signal, true);
        answers.push([...answer.items]);
      }
    } catch (error) {
      if (this.running !== running) return;
      this.running = undefined;
      return this.failed(error);
    }
    if (this.running !== running) return;
    this.running = undefined;
    if (this.ctx.view() !== view || view.pager !== running.pager) return;
    this.apply(view, pages, answers);
  }

  private failed(error: unknown): void {
    if (isApiError(error) && error.kind === 'aborted') return;
    // A rate limit is waited out: the same pages are read at the next interval.
    if (isApiError(error) && error.kind === 'rate-limit') {
      return this.ctx.toast({ tone: 'info', text: 'Watch: rate limited; reading again at the next interval.' });
    }
    this.fromTop = true;
    const why = isApiError(error) ? error.code : 'an error';
    this.ctx.toast({ tone: 'info', text: `Watch could not read the rows on screen again (${why}); the next read starts from the top.` });
  }

  private apply(view: ListView, pages: readonly number[], answers: readonly RawItem[][]): void {
    const idOf = listItemId(view.kind);
    const pager = view.pager;
    const loaded = pager.getSnapshot().items;
    const merge = emptyMerge();
    // Adjacent pages are one stretch of the listing: an item may have moved across their border.
    for (let i = 0; i < pages.length; ) {
      let j = i;
      while (j + 1 < pages.length && pages[j + 1] === (pages[j] as number) + 1) j++;
      const first = pager.pages.page(pages[i] as number);
      const last = pager.pages.page(pages[j] as number);
      if (first && last) mergeReread(loaded, first.start, last.start + last.count, answers.slice(i, j + 1).flat(), idOf, merge);
      i = j + 1;
    }
    // Loaded anywhere in the listing, even far from the pages read: not a new row.
    for (const id of merge.unplaced) if (pager.hasSeen(id)) merge.unplaced.delete(id);
    const shown = this.ctx.snapshot().visible.items;
    const idAt = (row: number): string => {
      const raw = itemAt(shown, row);
      return raw === undefined ? '' : idOf(raw);
    };
    const [selectedId, topId, oldRow, oldTop] = [idAt(view.selected), idAt(view.top), view.selected, view.top];
    const line = lineToKeep(this.ctx.snapshot(), view);
    if (merge.replaced.size > 0 || merge.removed.length > 0) {
      view.deriver.revise(merge.replaced, merge.removed);
      pager.revise(merge.replaced, merge.removed);
      const items = pager.getSnapshot().items;
      view.deriver.prepare(items);
      const visible = view.deriver.derive(items, specOf(view));
      // The window keeps its first row and the selection its item: rows that went above them
      // move them up, rows that went between them bring the selected row up the screen.
      const top = rowNear(visible.items, topId, oldTop, idOf);
      const row = rowNear(visible.items, selectedId, oldRow, idOf);
      view.top = top >= 0 ? top : oldTop;
      placeSelection(view, row >= 0 ? row : oldRow, visible.items.length, this.ctx.snapshot().windowRows);
      this.ctx.update({ pager: pager.getSnapshot(), visible, list: view });
    }
    this.ctx.watchFlow.reread(view, merge, merge.unplaced.size);
    keepSelectedLine(this.ctx, view, line);
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly watchReads: WatchReads;
  }
}

/** The row of `rows` holding the item `id`, looked for outwards from `near` (items move little); -1 when gone. */
function rowNear(rows: ItemSeq, id: string, near: number, idOf: (raw: RawItem) => string): number {
  if (id === '') return -1;
  for (let d = 0; near - d >= 0 || near + d < rows.length; d++) {
    const below = itemAt(rows, near + d);
    if (below !== undefined && idOf(below) === id) return near + d;
    const above = itemAt(rows, near - d);
    if (d > 0 && above !== undefined && idOf(above) === id) return near - d;
  }
  return -1;
}
