/**
 * What narrows and orders the shown list (text query, status filter, sort), and deriving its
 * rows again when one changes, keeping the selected item selected.
 */
import { SORT_CYCLE, sortAnnouncement, type StatusFilter } from './item-keys.js';
import { queryProblem } from '../../query/index.js';
import { stepToMatch } from './match-stepping.js';
import { specOf } from './list-view.js';
import { applySettings, type ViewSettings } from '../views/view-flow.js';
import type { StoreContext } from '../store-context.js';
import { countText } from '../../../text/count.js';
import { inForms } from '../status-message.js';

export class ListFilters {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * The filter text as typed. A query that does not parse is kept as typed with its problem (the
   * prompt shows where), and the rows stay those of the last query that did.
   */
  setQuery(text: string): void {
    const view = this.ctx.view();
    if (text === view.query) return;
    view.query = text;
    const problem = queryProblem(text, view.kind);
    if (problem) view.queryProblem = problem;
    else delete view.queryProblem;
    if (problem) return this.ctx.update({ list: view });
    view.validQuery = text;
    // A text with the same rows ('form ' after 'form') still makes a frame: the prompt draws the query.
    if (!this.rederive()) this.ctx.update({ list: view });
  }

  clearQuery(): void {
    const view = this.ctx.view();
    if (view.query !== '' && view.queryProblem === undefined) view.lastQuery = view.query;
    else if (view.validQuery !== '') view.lastQuery = view.validQuery;
    view.query = '';
    view.validQuery = '';
    delete view.queryProblem;
    this.rederive();
    if (this.ctx.snapshot().input?.kind !== 'filter') this.ctx.lists.filterClosed();
  }

  /** A saved view picked (`v`): its query, order and status replace the list's. */
  applyView(settings: ViewSettings): void {
    const view = this.ctx.view();
    applySettings(view, settings);
    if (!this.rederive()) this.ctx.update({ list: view });
  }

  /** Keys 1 2 3 (4: any other status) narrow the group list to a status (again: back to all); 0 shows all. */
  setStatus(status: StatusFilter | null): void {
    const view = this.ctx.view();
    if (view.kind !== 'groups') {
      return this.ctx.toast({ tone: 'warning', text: 'Status filters (1 2 3 4, 0 for all) apply to the page group list.' });
    }
    const next = status === null || view.status === status ? undefined : status;
    // Nothing to act on is said, in every mode, as other keys with nothing to do say it.
    if (next === view.status) return this.ctx.toast({ tone: 'warning', text: 'No status filter is on: all statuses are shown.' });
    view.status = next;
    this.rederive();
    this.announceStatus(next);
  }

  /** For a screen reader: what the list now shows, said where the cursor is (as a new order is). */
  private announceStatus(status: StatusFilter | undefined): void {
    if (this.ctx.options.lineCursor !== true) return;
    if (status === undefined) return this.ctx.toast({ tone: 'success', text: 'Showing all statuses.' });
    const pager = this.ctx.view().pager.getSnapshot();
    const shown = `${countText(this.ctx.snapshot().visible.items.length)} of ${countText(pager.items.length)}${pager.hasMore ? ' loaded' : ''}`;
    this.ctx.toast({ tone: 'success', ...statusShownForms(status === 'other' ? 'other statuses' : status, shown) });
  }

  /** `s`: the next client-side order. */
  cycleSort(): void {
    const view = this.ctx.view();
    view.sort = SORT_CYCLE[(SORT_CYCLE.indexOf(view.sort) + 1) % SORT_CYCLE.length] ?? 'server';
    view.reversed = false;
    this.rederive();
    this.announceSort();
  }

  /** `S`: turns the current order around (the server order too); again: back. */
  reverseSort(): void {
    const view = this.ctx.view();
    view.reversed = !view.reversed;
    this.rederive();
    this.announceSort();
  }

  /** For a screen reader the new order is said on the status line: the header's words at its far end are not where the cursor is. */
  private announceSort(): void {
    if (this.ctx.options.lineCursor !== true) return;
    const view = this.ctx.view();
    this.ctx.toast({ tone: 'success', text: sortAnnouncement(view.sort, view.reversed) });
  }

  /** `n` (1) / `N` (-1): the next or previous row matching the filter query (see match-stepping). */
  stepMatch(direction: 1 | -1): void {
    const view = this.ctx.view();
    const step = stepToMatch(view, this.ctx.snapshot().visible, direction, view.pager.getSnapshot().hasMore, view.pager.getSnapshot().items);
    if (step.row !== undefined) this.ctx.navigator.move(step.row);
    if (step.message) this.ctx.toast(step.message);
  }

  /**
   * Recomputes the visible rows after the filter or order changed, keeping the selected item;
   * false when they stayed. Only the first screen of matches is waited for (FilterScanFlow).
   */
  private rederive(): boolean {
    const view = this.ctx.view();
    const previous = this.ctx.snapshot().visible;
    const visible = view.deriver.derive(view.pager.getSnapshot().items, specOf(view), this.ctx.filterScan.firstBudget());
    if (visible === previous) return false;
    this.ctx.navigator.forget();
    const shown = this.ctx.filterScan.placeAfterFilter(view, previous, visible);
    this.ctx.update({ visible: shown, following: false });
    this.ctx.navigator.prefetch();
    return true;
  }
}

declare module '../store-context.js' {
  interface StoreFlows {
    readonly filters: ListFilters;
  }
}

/** "Showing published only: 13 of 40.", said shorter where the row is narrow: the count stays, the words go. */
export function statusShownForms(what: string, shown: string): ReturnType<typeof inForms> {
  const capital = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return inForms([`Showing ${what} only: ${shown}.`, `${capital} only: ${shown}.`, `${capital}: ${shown}`, `${shown} shown`]);
}
