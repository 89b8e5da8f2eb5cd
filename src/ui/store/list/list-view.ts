import { columnMeasure, type ColumnMeasure } from '../../table-model/index.js';
import type { Pager } from '../../../api/pager/pager.js';
import type { ListKind } from '../../../api/pager/list-pager.js';
import type { SortOrder, StatusFilter } from './item-keys.js';
import type { QueryProblem } from '../../query/index.js';
import { VisibleListDeriver, type ViewSpec } from './visible-list.js';

export type { ListKind } from '../../../api/pager/list-pager.js';

/**
 * One list the user can look at: its pager (the loaded items), how they are narrowed and ordered,
 * and where the user is in the rows shown. The store keeps these alive across navigation so going
 * back or re-entering a group restores the place. `selected` and `top` count rows as shown (after
 * filtering and sorting), not pager positions.
 */
export interface ListView {
  readonly kind: ListKind;
  /** Replaced by a refresh (a new listing). */
  pager: Pager;
  /** Page group id for a page list. */
  readonly groupId?: string;
  /** What the breadcrumb shows for a page list (the group's title, raw); filled in later when unknown. */
  title?: string;
  selected: number;
  /**
   * Pager position of the item selected when the filter or order last started changing, until the
   * user moves: the rows of each new filter select it again when they hold it (filter-scan-flow.ts).
   */
  anchor?: number;
  /**
   * Rows moved (j, k, PgDn, PgUp) while a new order was still being made: counted from the anchor's
   * row once the order is made, not from the rows of the order made so far.
   */
  anchorSteps?: number;
  /** First visible row; moves only when the selection would leave the window. */
  top: number;
  /** Text filter as typed ('' for none). */
  query: string;
  /** The last query typed that parses (docs/queries.md): the rows shown are its matches. */
  validQuery: string;
  /** Why `query` does not parse, while it does not (the rows stay those of `validQuery`). */
  queryProblem?: QueryProblem;
  /** Status filter (group list only). */
  status?: StatusFilter;
  sort: SortOrder;
  /** `S`: the sort (or the server order) turned around. */
  reversed: boolean;
  /** The last filter query cleared (`n`/`N` step through its matches once the filter is gone). */
  lastQuery: string;
  /** Incremental filter/sort state of this listing. */
  readonly deriver: VisibleListDeriver;
  /** The widest value of each column over the loaded items (measured as pages arrive). */
  readonly columns: ColumnMeasure;
}

/** A list at its start: first row selected, nothing filtered, server order. */
export function newListView(kind: ListKind, pager: Pager, group?: { id: string; title: string }): ListView {
  return {
    kind,
    pager,
    ...(group ? { groupId: group.id, title: group.title } : {}),
    selected: 0,
    top: 0,
    query: '',
    validQuery: '',
    sort: 'server',
    reversed: false,
    lastQuery: '',
    deriver: new VisibleListDeriver(kind),
    columns: columnMeasure(kind),
  };
}

/** What narrows and orders the list's rows. */
export const specOf = (view: ListView): ViewSpec => ({ query: view.validQuery, status: view.status, sort: view.sort, reversed: view.reversed });
