/**
 * Which rows a slice of a frame carries first, on a slow link (frame-pacer.ts): the status line,
 * rows with a few cells changed (a selection moved by a row), then the highlighted row (the
 * selection a page move lands on), then the rest from the top. A row the slice cannot carry
 * is blanked rather than left showing an older screen.
 */

import type { ScreenModel } from './screen-model.js';
import type { StyleTable } from './styles.js';

/** A row with at most this many changed cells goes first. */
const SMALL_CHANGE = 8;

/** The screen as drawn and as the terminal shows it. */
export interface ShownScreen {
  readonly model: ScreenModel;
  readonly table: StyleTable;
  readonly shownChars: readonly (readonly string[])[];
  readonly shownStyles: readonly (readonly number[])[];
}

/**
 * The rows in the order a slice takes them; the first `always` go in every slice whatever its
 * size: the status line (frame-mark.ts), rows with small changes and the highlighted row, so the
 * status always goes out with the rows it speaks of.
 */
export function sliceOrder(screen: ShownScreen): { order: number[]; always: number } {
  const rows = Array.from({ length: screen.model.rows }, (_, y) => y);
  const changed = rows.map((y) => changedCells(screen, y));
  const statusRow = screen.model.mark?.statusRow;
  const status = statusRow !== undefined && (changed[statusRow] ?? 0) > 0 ? [statusRow] : [];
  const small = rows.filter((y) => y !== statusRow && (changed[y] ?? 0) > 0 && (changed[y] ?? 0) <= SMALL_CHANGE);
  const bars = rows.filter((y) => y !== statusRow && (changed[y] ?? 0) > SMALL_CHANGE && highlighted(screen, y));
  const first = [...status, ...small, ...bars];
  const taken = new Set(first);
  return { order: [...first, ...rows.filter((y) => !taken.has(y))], always: first.length };
}

/** Every row, the status line first (a whole frame on a slow link shows its rows' status as they arrive). */
export function statusFirst(model: ScreenModel): number[] {
  const rows = Array.from({ length: model.rows }, (_, y) => y);
  const statusRow = model.mark?.statusRow;
  return statusRow === undefined || statusRow >= model.rows ? rows : [statusRow, ...rows.filter((y) => y !== statusRow)];
}

/** Cells of row y that differ from what the terminal shows. */
export function changedCells({ model, shownChars, shownStyles }: ShownScreen, y: number): number {
  const chars = model.chars[y];
  const styles = model.styles[y];
  const oldChars = shownChars[y];
  const oldStyles = shownStyles[y];
  if (!chars || !styles || !oldChars || !oldStyles) return 0;
  let changed = 0;
  for (let x = 0; x < chars.length; x++) if (chars[x] !== oldChars[x] || styles[x] !== oldStyles[x]) changed++;
  return changed;
}

/** Whether most of row y, as drawn now, has a background (or is inverse): a selection bar. */
function highlighted({ model, table }: ShownScreen, y: number): boolean {
  const styles = model.styles[y] ?? [];
  let lit = 0;
  for (const style of styles) if (table.blank(style) !== 0) lit++;
  return lit * 2 > styles.length;
}

/** Of `rows`, those still changed that the terminal does not show blank. */
export function leftRowsToBlank(screen: ShownScreen, rows: readonly number[]): number[] {
  return rows.filter((y) => {
    const chars = screen.shownChars[y] ?? [];
    const styles = screen.shownStyles[y] ?? [];
    return changedCells(screen, y) > 0 && chars.some((ch, x) => ch !== ' ' || styles[x] !== 0);
  });
}
