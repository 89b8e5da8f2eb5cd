/** Pure arithmetic of the list window and the detail view, kept out of the store class. */
import type { Command } from '../../keys/bindings.js';
import type { ListView } from './list-view.js';
import type { VisibleList } from './visible-list.js';

/**
 * How many loaded items the window wants (before one screen of look-ahead is added). It counts
 * loaded items, not filtered rows: a filtered window whose last row is near the loaded end
 * fetches on, one whose matches are far from it does not. A filtered and re-ordered view only
 * wants its first screen (Tab loads the rest).
 */
export function prefetchPosition(view: ListView, visible: VisibleList, rows: number, pending: number | undefined): number {
  const { indices, filtered } = visible;
  if (indices === undefined || !filtered) return Math.max(view.top + rows, view.selected + 1, (pending ?? 0) + 1);
  if (view.sort !== 'server') return rows;
  let position = rows;
  const end = Math.min(indices.length, view.top + rows);
  for (let row = view.top; row < end; row++) position = Math.max(position, (indices[row] ?? 0) + 1);
  return position;
}

/**
 * The row a movement command aims at, counted from `at` in a window of `rows` rows; undefined
 * for commands that do not move (and for `bottom`, whose target depends on what is loaded).
 */
export function moveTarget(command: Command, at: number, rows: number): number | undefined {
  const half = Math.max(1, Math.floor(rows / 2));
  switch (command) {
    case 'moveDown': return at + 1;
    case 'moveUp': return at - 1;
    case 'pageDown': return at + rows;
    case 'pageUp': return at - rows;
    case 'halfPageDown': return at + half;
    case 'halfPageUp': return at - half;
    case 'top': return 0;
    default: return undefined;
  }
}

/** Where the item selected at `row` of `prev` is in `next`; the first row when it is gone. */
export function rowAfterChange(prev: VisibleList, next: VisibleList, row: number): number {
  if (prev.items.length === 0) return row;
  const at = prev.indices ? prev.indices[row] : row;
  if (at === undefined) return 0;
  if (!next.indices) return at;
  if (next.indices[row] === at) return row;
  const found = next.indices.indexOf(at);
  return found >= 0 ? found : 0;
}
