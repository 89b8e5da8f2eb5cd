/**
 * Finds rows that moved up or down together since the terminal last showed them (a list scrolled
 * by a line or a few), so the diff writer can move them with a scroll region instead of drawing
 * each one again.
 */

import type { ScrollMethod } from '../../terminfo/capabilities.js';
import { sameRow } from './row-cells.js';

/** Rows [first, end) of the new screen equal the shown rows [first + shift, end + shift). */
export interface RowShift {
  readonly first: number;
  readonly end: number;
  /** Positive: the content moved up by this many rows; negative: down. */
  readonly shift: number;
}

/** Below this many changed rows, looking for scrolled rows is not worth it. */
const MIN_ROWS_FOR_SCROLL = 3;
const MAX_SCROLL = 8;
/** Shifted runs shorter than this are cheaper to draw again than to scroll. */
const MIN_GAIN_ROWS = 3;

/** Whether row `y` of the new screen equals row `from` of the shown one. */
export type RowsEqual = (y: number, from: number) => boolean;

/**
 * The longest run of rows that equal the shown rows `shift` rows away (|shift| ≤ maxShift),
 * counting only the `changed` rows (those that differ from the shown row in place); undefined
 * when no run is worth scrolling. A shift that fewer than three changed rows match is never
 * scanned: with a row or two changed (a selection moved) that is all the work there is.
 */
function findRowShift(
  rows: number,
  shownRows: number,
  changed: readonly number[],
  maxShift: number,
  equal: RowsEqual,
): RowShift | undefined {
  if (changed.length < MIN_GAIN_ROWS) return undefined;
  const isChanged = new Array<boolean>(rows).fill(false);
  for (const y of changed) isChanged[y] = true;
  const matches = (y: number, from: number): boolean => y < rows && from >= 0 && from < shownRows && equal(y, from);
  let best: RowShift | undefined;
  let bestGain = MIN_GAIN_ROWS - 1;
  for (let d = 1; d <= maxShift; d++) {
    for (const shift of [d, -d]) {
      let hits = 0;
      for (const y of changed) if (matches(y, y + shift)) hits++;
      if (hits <= bestGain) continue;
      let first = -1;
      let gain = 0;
      for (let y = 0; y <= rows; y++) {
        if (matches(y, y + shift)) {
          if (first < 0) first = y;
          if (isChanged[y]) gain++;
          continue;
        }
        if (first >= 0 && gain > bestGain) {
          best = { first, end: y, shift };
          bestGain = gain;
        }
        first = -1;
        gain = 0;
      }
    }
  }
  return best;
}

/**
 * Moves rows top..bottom (0-based, inclusive) up by `shift` rows (down when negative) inside a
 * scroll region, then gives the whole screen back to scrolling. Leaves the cursor homed.
 */
export function scrollSequence(method: ScrollMethod, top: number, bottom: number, shift: number): string {
  const region = `\u001B[${top + 1};${bottom + 1}r`;
  const n = Math.abs(shift);
  if (method.kind === 'parameterized') return `${region}\u001B[${n === 1 ? '' : n}${shift > 0 ? 'S' : 'T'}\u001B[r`;
  // IND on the region's last row (RI on its first) scrolls the region by one line.
  const row = shift > 0 ? bottom : top;
  const line = shift > 0 ? method.index : method.reverseIndex;
  return `${region}\u001B[${row + 1}H${line.repeat(n)}\u001B[r`;
}

/** Moves the shown rows as `scrollSequence` moves them on the terminal; the rows scrolled in are blank. */
export function shiftRows(chars: string[][], styles: number[][], { first, end, shift }: RowShift, columns: number): void {
  const move = (from: number, to: number) => {
    chars[to] = chars[from] ?? [];
    styles[to] = styles[from] ?? [];
  };
  const blank = (y: number) => {
    chars[y] = new Array<string>(columns).fill(' ');
    styles[y] = new Array<number>(columns).fill(0);
  };
  if (shift > 0) {
    for (let y = first; y < end; y++) move(y + shift, y);
    for (let y = end; y < end + shift; y++) blank(y);
  } else {
    for (let y = end - 1; y >= first; y--) move(y + shift, y);
    for (let y = first + shift; y < first; y++) blank(y);
  }
}

/** Rows of the screen drawn (`model`) that the terminal shows (`shownChars`, `shownStyles`) elsewhere, moved as a block. */
export function findScrolledRows(
  model: { readonly rows: number; readonly chars: readonly (readonly string[])[]; readonly styles: readonly (readonly number[])[] },
  shownChars: readonly (readonly string[])[],
  shownStyles: readonly (readonly number[])[],
): RowShift | undefined {
  const equal = (y: number, from: number): boolean => sameRow(model.chars[y], shownChars[from]) && sameRow(model.styles[y], shownStyles[from]);
  const changed: number[] = [];
  for (let y = 0; y < model.rows; y++) if (!equal(y, y)) changed.push(y);
  if (changed.length < MIN_ROWS_FOR_SCROLL) return undefined;
  return findRowShift(model.rows, shownChars.length, changed, Math.min(MAX_SCROLL, model.rows - 1), equal);
}
