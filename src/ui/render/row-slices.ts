/**
 * Which rows a slice of a frame carries first, on a slow link (frame-pacer.ts): rows with a few
 * cells changed (a status line's count, a selection moved by a row), then the highlighted row
 * (the selection a page move lands on), then the rest from the top. A row the slice cannot carry
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

/** The rows in the order a slice takes them; the first `always` (small changes) go in every slice whatever its size. */
export function sliceOrder(screen: ShownScreen): { order: number[]; always: number } {
  const rows = Array.from({ length: screen.model.rows }, (_, y) => y);
  const changed = rows.map((y) => changedCells(screen, y));
  const small = rows.filter((y) => (changed[y] ?? 0) > 0 && (changed[y] ?? 0) <= SMALL_CHANGE);
  const bars = rows.filter((y) => (changed[y] ?? 0) > SMALL_CHANGE && highlighted(screen, y));
  const first = new Set([...small, ...bars]);
  return { order: [...small, ...bars, ...rows.filter((y) => !first.has(y))], always: small.length };
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
