/**
 * `r`: reload a list from its first page and select the same item again once it is back,
 * loading at most as many items as before while looking for it.
 */
import type { PagerSnapshot, RawItem } from '../../api/types.js';
import { groupIdOf, pageIdOf } from './items.js';
import type { PagerFactory } from './list-pagers.js';
import { placeSelection, type ListKind, type ListView } from './list-view.js';
import type { VisibleList } from './visible-list.js';

/** What the flow needs from the store. */
export interface RefreshHost {
  readonly newPager: PagerFactory;
  /** Shows `view` (now with its new pager) and starts fetching it. */
  show(view: ListView): void;
}

const idOf = (kind: ListKind) => (kind === 'groups' ? groupIdOf : pageIdOf);

export class RefreshFlow {
  /** After `r`: the id to select again, and how many items may be loaded looking for it. */
  private target: { id: string; limit: number; row: number } | undefined;

  constructor(private readonly host: RefreshHost) {}

  /** True while the reloaded list is searched for the item selected before. */
  get searching(): boolean {
    return this.target !== undefined;
  }

  /** `r`: retry a failed fetch; otherwise reload the list and find the selected item again. */
  start(view: ListView, selected: RawItem | undefined): void {
    const before = view.pager.getSnapshot();
    if (before.state === 'error') {
      view.pager.retry();
      return;
    }
    const id = selected ? idOf(view.kind)(selected) : '';
    this.target = id === '' ? undefined : { id, limit: Math.max(before.items.length, 1), row: view.selected };
    view.pager.dispose();
    view.pager = this.host.newPager(view.kind, view.groupId);
    view.deriver.reset();
    view.selected = 0;
    view.top = 0;
    this.host.show(view);
  }

  /** Stops searching (another list is shown). */
  forget(): void {
    this.target = undefined;
  }

  /** While refreshing: select the remembered id once it is loaded, or give up at the old count. */
  resolve(view: ListView, pager: PagerSnapshot, visible: VisibleList, windowRows: number): void {
    const target = this.target;
    if (!target) return;
    const ofKind = idOf(view.kind);
    const at = pager.items.findIndex((raw) => ofKind(raw) === target.id);
    const row = at < 0 ? -1 : visible.indices ? visible.indices.indexOf(at) : at;
    const finished = !pager.hasMore || pager.state === 'error' || pager.items.length >= target.limit;
    if (row >= 0 || finished) {
      this.target = undefined;
      placeSelection(view, row >= 0 ? row : target.row, visible.items.length, windowRows);
    }
  }
}
