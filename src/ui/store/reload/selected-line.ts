/**
 * The screen line the selected row is drawn on, and keeping it there while a refresh or a watch
 * changes the rows above it: the cursor (a screen reader's place) does not move without a key.
 */
import type { ListView } from '../list/list-view.js';
import type { StoreContext } from '../store-context.js';
import type { AppSnapshot } from '../store-types.js';
import { shownGhosts, windowLines } from './watch-ghosts.js';

/** The line (0: the first list line) the selected row of `view` is drawn on, ghost rows counted. */
function selectedLine(snap: AppSnapshot, view: ListView): number {
  const ghosts = snap.list === view ? shownGhosts(snap) : undefined;
  if (!ghosts) return view.selected - view.top;
  const at = windowLines(view.kind, snap.visible.items, view.top, snap.windowRows, view.selected, ghosts).findIndex((l) => 'row' in l && l.row === view.selected);
  return at < 0 ? view.selected - view.top : at;
}

/** The line a view's selection is kept on, while neither it nor the window moved since: one read that could not keep it exactly does not become the next read's aim. */
const aims = new WeakMap<ListView, { readonly line: number; readonly top: number; readonly selected: number }>();

/** The line to keep the selection of `view` on through the change about to come. */
export function lineToKeep(snap: AppSnapshot, view: ListView): number {
  const aim = aims.get(view);
  return aim !== undefined && aim.top === view.top && aim.selected === view.selected ? aim.line : selectedLine(snap, view);
}

/**
 * Moves the window so the selected row is on `line` again, as near as the list's ends and the
 * ghost rows allow (a ghost at the very top is drawn only while the window starts at row 0).
 */
export function keepSelectedLine(ctx: StoreContext, view: ListView, line: number): void {
  const snap = ctx.snapshot();
  if (snap.list !== view) return;
  const original = view.top;
  const drift = selectedLine(snap, view) - line;
  aims.set(view, { line, top: view.top, selected: view.selected });
  if (drift === 0) return;
  const rows = snap.windowRows;
  const [low, high] = [Math.max(0, view.selected - rows + 1), Math.min(Math.max(0, snap.visible.items.length - rows), view.selected)];
  let best = { top: original, miss: Math.abs(drift) };
  for (let top = original + drift - 2; top <= original + drift + 2; top++) {
    if (top < low || top > high) continue;
    view.top = top;
    const miss = Math.abs(selectedLine(snap, view) - line);
    if (miss < best.miss || (miss === best.miss && Math.abs(top - original) < Math.abs(best.top - original))) best = { top, miss };
  }
  view.top = best.top;
  aims.set(view, { line, top: view.top, selected: view.selected });
  if (best.top !== original) ctx.update({ list: view });
}
