/**
 * Where a watched list draws the rows that went (ghosts): after the row that preceded them, for
 * as long as their mark lasts. They are drawn, never selected: the lines of the window are the
 * list rows from `top` with the ghosts among them, the selected row always on screen.
 */
import type { ItemSeq, RawItem } from '../../../api/types.js';
import { listItemId } from '../../../api/pager/list-pager.js';
import type { ListKind } from '../list/list-view.js';
import type { AppSnapshot } from '../store-types.js';

/** One line of the list window: a list row (its index in the rows shown) or an item that went. */
export type WindowLine = { readonly row: number } | { readonly ghost: RawItem };

/**
 * The ghosts to draw on the list shown: only in the server's order without a filter, where "the
 * row that preceded it" still means something (elsewhere they are only counted in the header).
 */
export function shownGhosts(snap: Pick<AppSnapshot, 'visible' | 'watch' | 'list'>): ReadonlyMap<string, readonly RawItem[]> | undefined {
  const ghosts = snap.watch?.ghosts;
  if (ghosts === undefined || ghosts.size === 0 || snap.visible.indices !== undefined || snap.watch?.list !== snap.list) return undefined;
  return ghosts;
}

/** The lines of a window of `rows` lines over `items` from row `top`, with `ghosts` (by the id of the row before them). */
export function windowLines(
  kind: ListKind,
  items: ItemSeq,
  top: number,
  rows: number,
  selected: number,
  ghosts: ReadonlyMap<string, readonly RawItem[]>,
): WindowLine[] {
  const idOf = listItemId(kind);
  const lines: WindowLine[] = [];
  // A ghost can precede another: one that went after a row that went itself an interval later.
  const addGhosts = (anchor: string, depth = 0): void => {
    for (const ghost of ghosts.get(anchor) ?? []) {
      lines.push({ ghost });
      const id = idOf(ghost);
      if (id !== '' && depth < 8) addGhosts(id, depth + 1);
    }
  };
  if (top === 0) addGhosts('');
  let selectedAt = -1;
  for (let row = top; row < items.length; row++) {
    if (lines.length >= rows && (selectedAt >= 0 || selected < top)) break;
    if (row === selected) selectedAt = lines.length;
    lines.push({ row });
    const id = idOf(items.at(row) as RawItem);
    if (id !== '') addGhosts(id);
  }
  // Ghosts above the selected row may push it down: the window then starts lower.
  const skip = Math.max(0, selectedAt - rows + 1);
  return lines.slice(skip, skip + rows);
}

/** The row of the rows shown on line `line` of the window, or undefined for a ghost or past the end. */
export function rowOnLine(lines: readonly WindowLine[], line: number): number | undefined {
  const at = lines[line];
  return at !== undefined && 'row' in at ? at.row : undefined;
}
