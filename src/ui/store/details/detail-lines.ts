/** Pure formatting of the detail view: every field of a record as wrapped 'key: value' lines. */
import { displayWidth, sanitize, wrap } from '../../../text/index.js';
import { spokenDateTime } from '../../../text/spoken-date.js';

/** A long value wraps in full up to this many lines (the view scrolls); past it the last line ends in '…'. */
const MAX_LINES_PER_FIELD = 200;
const INDENT = '  ';

/** A value as one line of safe text: strings as they are, nested values as compact JSON. */
function detailValueText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') {
    try {
      return sanitize(JSON.stringify(value));
    } catch {
      return '[unprintable]';
    }
  }
  return sanitize(value);
}

/**
 * A value as a screen reader says it well: a date and time in words (the value as sent is what `y`
 * copies), nothing at all as "empty" rather than a label that trails off.
 */
function spokenValueText(value: unknown): string {
  const text = detailValueText(value);
  if (text.trim() === '') return 'empty';
  return (typeof value === 'string' && spokenDateTime(value)) || text;
}

/** The lines of a record and where each field starts among them. */
export interface DetailLayout {
  readonly lines: readonly string[];
  /** `starts[i]` is the first line of the i-th field (in the server's order). */
  readonly starts: readonly number[];
}

/**
 * Every field of `record`, known and unknown, in the server's order, as 'key: value' lines of at
 * most `width` columns. Continuation lines are indented; a value is cut after MAX_LINES_PER_FIELD lines.
 * `spoken` (the screen-reader mode): values in words (`spokenValueText`).
 */
export function detailLayout(record: Readonly<Record<string, unknown>>, width: number, spoken = false): DetailLayout {
  const w = Math.max(INDENT.length + 2, Math.floor(width));
  const lines: string[] = [];
  const starts: number[] = [];
  for (const [key, value] of Object.entries(record)) {
    starts.push(lines.length);
    const wrapped = wrap(`${sanitize(key)}: ${(spoken ? spokenValueText : detailValueText)(value)}`, w - INDENT.length, MAX_LINES_PER_FIELD);
    wrapped.forEach((line, i) => lines.push(i === 0 ? line : INDENT + line));
  }
  return { lines, starts };
}

/**
 * The columns the detail text gets in a view `width` wide: all of them, or less a gutter for the
 * selection marker of themes without colours (the store and the view must wrap alike).
 */
export function detailTextWidth(width: number, marker: string): number {
  return marker === '' ? width : width - displayWidth(marker) - 1;
}

/** The lines of `detailLayout`. */
export function detailLines(record: Readonly<Record<string, unknown>>, width: number): string[] {
  return [...detailLayout(record, width).lines];
}

/** The largest useful scroll offset for `lineCount` lines in a view of `height` rows (title included). */
export function detailMaxScroll(lineCount: number, height: number): number {
  return Math.max(0, lineCount - Math.max(0, height - 1));
}
