/** Small helpers over a row of cells (characters and style ids) and cursor moves, for the diff writer. */
import { CONTINUATION } from './screen-model.js';

/** Unchanged cells between two changed runs that are rewritten rather than jumped over. */
const MAX_GAP = 4;

export function cup(x: number, y: number): string {
  return x === 0 ? `\u001B[${y + 1}H` : `\u001B[${y + 1};${x + 1}H`;
}

/** A CSI count, left out when it is the default 1. */
export const count = (n: number) => (n === 1 ? '' : String(n));

export function sameRow<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return a === b;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function record(shownChars: string[], shownStyles: number[], x: number, chars: string[], styles: number[]): void {
  shownChars[x] = chars[x] ?? ' ';
  shownStyles[x] = styles[x] ?? 0;
}

/** How many cells from x on are blanks in the default style (what erasing leaves). */
export function blankRunLength(chars: string[], styles: number[], x: number): number {
  let n = 0;
  while (x + n < chars.length && chars[x + n] === ' ' && styles[x + n] === 0) n++;
  return n;
}

/**
 * The next run of cells from x on to draw again, [start, end): changed cells, with short
 * unchanged gaps between them included and wide characters whole; undefined when none is left.
 */
export function nextRun(
  chars: readonly string[],
  styles: readonly number[],
  shownChars: readonly string[],
  shownStyles: readonly number[],
  from: number,
): { start: number; end: number } | undefined {
  const columns = chars.length;
  const same = (x: number) => chars[x] === shownChars[x] && styles[x] === shownStyles[x];
  let x = from;
  while (x < columns && same(x)) x++;
  if (x >= columns) return undefined;
  const start = chars[x] === CONTINUATION && x > 0 ? x - 1 : x;
  let end = x + 1;
  for (let gap = 0, j = end; j < columns && gap <= MAX_GAP; j++) {
    if (same(j)) gap++;
    else {
      gap = 0;
      end = j + 1;
    }
  }
  if (end < columns && chars[end] === CONTINUATION) end++;
  return { start, end };
}
