/**
 * What narrows and orders the shown list (text query, status filter, sort), and deriving its
 * rows again when one changes, keeping the selected item selected.
 */
import type { StatusMessage } from '../status-message.js';
import { SORT_CYCLE, type StatusFilter } from './item-keys.js';
import type { ListNavigator } from './list-navigator.js';
import { stepToMatch } from './match-stepping.js';
import { placeSelection, specOf, type ListView } from './list-view.js';
import type { AppSnapshot } from '../store-types.js';
import { rowAfterChange } from './view-math.js';

/** What the filters need from the store. */
export interface ListFiltersHost {
  /** The list shown. */
  view(): ListView;
  snapshot(): AppSnapshot;
  update(patch: Partial<AppSnapshot>): void;
  toast(message: StatusMessage): void;
  readonly navigator: Pick<ListNavigator, 'forget' | 'prefetch' | 'move'>;
}

export class ListFilters {
  constructor(private readonly host: ListFiltersHost) {}

  /** The filter text as typed. */
  setQuery(text: string): void {
    const view = this.host.view();
    if (text === view.query) return;
    view.query = text;
    this.rederive();
  }

  clearQuery(): void {
    const view = this.host.view();
    if (view.query !== '') view.lastQuery = view.query;
    view.query = '';
    this.rederive();
  }

  /** Keys 1 2 3 (4: any other status) narrow the group list to a status (again: back to all); 0 shows all. */
  setStatus(status: StatusFilter | null): void {
    const view = this.host.view();
    if (view.kind !== 'groups') {
      return this.host.toast({ tone: 'info', text: 'Status filters (1 2 3 4, 0 for all) apply to the page group list.' });
    }
    const next = status === null || view.status === status ? undefined : status;
    if (next === view.status) return;
    view.status = next;
    this.rederive();
  }

  /** `s`: the next client-side order. */
  cycleSort(): void {
    const view = this.host.view();
    view.sort = SORT_CYCLE[(SORT_CYCLE.indexOf(view.sort) + 1) % SORT_CYCLE.length] ?? 'server';
    view.reversed = false;
    this.rederive();
  }

  /** `S`: turns the current order around (the server order too); again: back. */
  reverseSort(): void {
    const view = this.host.view();
    view.reversed = !view.reversed;
    this.rederive();
  }

  /** `n` (1) / `N` (-1): the next or previous row matching the filter query (see match-stepping). */
  stepMatch(direction: 1 | -1): void {
    const view = this.host.view();
    const step = stepToMatch(view, this.host.snapshot().visible, direction, view.pager.getSnapshot().hasMore);
    if (step.row !== undefined) this.host.navigator.move(step.row);
    if (step.message) this.host.toast(step.message);
  }

  /** Recomputes the visible rows after the filter or order changed, keeping the selected item. */
  private rederive(): void {
    const view = this.host.view();
    const previous = this.host.snapshot().visible;
    const visible = view.deriver.derive(view.pager.getSnapshot().items, specOf(view));
    if (visible === previous) return;
    this.host.navigator.forget();
    placeSelection(view, rowAfterChange(previous, visible, view.selected), visible.items.length, this.host.snapshot().windowRows);
    this.host.update({ visible, following: false });
    this.host.navigator.prefetch();
  }
}
