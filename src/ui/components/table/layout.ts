/**
 * Pure table layout: column widths and row strings. No React, so it is tested on its own and
 * can be run once over all loaded data (see `measureColumns`) to keep widths steady.
 */
import { displayWidth, fit, sanitize } from '../../../text/index.js';

export type TableRow = Readonly<Record<string, unknown>>;

export interface ColumnLayout {
  readonly key: string;
  readonly header: string;
  /** Content width in columns, without padding. */
  readonly width: number;
}

export interface TableLayout {
  readonly columns: readonly ColumnLayout[];
  /** Spaces on each side of every cell. */
  readonly padding: number;
  /** Width of the selection-marker gutter before each row (0 = none). */
  readonly gutter: number;
  /** Width of a formatted row: gutter + all cells with their padding. */
  readonly totalWidth: number;
}

export interface LayoutOptions {
  readonly data: readonly TableRow[];
  /** Keys to show; default: the keys of the first row. */
  readonly columns?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Fixed content widths; columns without one are sized from header and data. */
  readonly widths?: Readonly<Record<string, number>>;
  /** Total width available for a row; the widest flexible column shrinks first. */
  readonly maxWidth?: number;
  /** Spaces each side of a cell (default 1). */
  readonly padding?: number;
  /** Selection-marker gutter width (default 0). */
  readonly gutter?: number;
}

/** A column never shrinks below this unless the table cannot fit otherwise ('ab…'). */
const MIN_COLUMN_WIDTH = 3;

/**
 * A cell value as terminal-safe, single-line text: strings sanitised, numbers and booleans as
 * written, null/undefined empty, objects and arrays as compact JSON.
 */
export function cellText(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    try {
      return sanitize(JSON.stringify(value));
    } catch {
      return '';
    }
  }
  return sanitize(value);
}

/** The columns a table shows: the given keys, or the keys of the first row. */
function columnKeys(data: readonly TableRow[], columns?: readonly string[]): readonly string[] {
  return columns ?? Object.keys(data[0] ?? {});
}

/** Natural content width of each column: the widest of its header and its cells. */
export function measureColumns(
  data: readonly TableRow[],
  columns: readonly string[],
  headers: Readonly<Record<string, string>> = {},
): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const key of columns) {
    let width = displayWidth(sanitize(headers[key] ?? key));
    for (const row of data) width = Math.max(width, displayWidth(cellText(row[key])));
    widths[key] = Math.max(1, width);
  }
  return widths;
}

const toInt = (n: number | undefined, fallback: number): number =>
  n !== undefined && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;

/** Takes one column off the widest candidate above `floor`; false when none can shrink. */
function shrinkWidest(widths: number[], candidates: readonly number[], floor: number): boolean {
  let widest = -1;
  for (const i of candidates) {
    const w = widths[i] ?? 0;
    if (w > floor && (widest === -1 || w > (widths[widest] ?? 0))) widest = i;
  }
  if (widest === -1) return false;
  widths[widest] = (widths[widest] ?? 0) - 1;
  return true;
}

/**
 * Decides which columns show and how wide each is. Over `maxWidth`, flexible columns shrink
 * widest first down to MIN_COLUMN_WIDTH, then fixed ones, then trailing columns are dropped.
 */
export function layoutColumns(options: LayoutOptions): TableLayout {
  const padding = toInt(options.padding, 1);
  const gutter = toInt(options.gutter, 0);
  const headers = options.headers ?? {};
  let keys = [...columnKeys(options.data, options.columns)];
  const fixed = options.widths ?? {};
  const flexibleKeys = keys.filter((k) => fixed[k] === undefined);
  const natural = measureColumns(options.data, flexibleKeys, headers);
  const maxWidth = options.maxWidth === undefined ? undefined : toInt(options.maxWidth, 0);

  let widths = keys.map((k) => {
    const w = fixed[k] !== undefined ? toInt(fixed[k], 1) : (natural[k] ?? 1);
    return maxWidth === undefined ? w : Math.min(w, maxWidth);
  });
  const total = () => gutter + widths.reduce((sum, w) => sum + w + 2 * padding, 0);

  if (maxWidth !== undefined) {
    const flexible = keys.map((k, i) => (fixed[k] === undefined ? i : -1)).filter((i) => i >= 0);
    const all = keys.map((_, i) => i);
    while (total() > maxWidth && shrinkWidest(widths, flexible, MIN_COLUMN_WIDTH));
    while (total() > maxWidth && shrinkWidest(widths, all, MIN_COLUMN_WIDTH));
    while (total() > maxWidth && keys.length > 1) {
      keys = keys.slice(0, -1);
      widths = widths.slice(0, -1);
    }
    // A single column on a very narrow screen: give it whatever is left.
    if (total() > maxWidth && widths.length === 1) {
      widths[0] = Math.max(0, maxWidth - gutter - 2 * padding);
    }
  }

  const columns = keys.map((key, i) => ({
    key,
    header: sanitize(headers[key] ?? key),
    width: widths[i] ?? 0,
  }));
  return { columns, padding, gutter, totalWidth: total() };
}

/** The cells of one row, each padded: `padding` spaces + fitted text + `padding` spaces. */
export function formatCells(row: TableRow, layout: TableLayout): string[] {
  const pad = ' '.repeat(layout.padding);
  return layout.columns.map((c) => pad + fit(cellText(row[c.key]), c.width) + pad);
}

/** The header cells, padded like data cells. */
function formatHeaderCells(layout: TableLayout): string[] {
  const pad = ' '.repeat(layout.padding);
  return layout.columns.map((c) => pad + fit(c.header, c.width) + pad);
}

/** The gutter text for a row: the marker when selected, spaces otherwise. */
export function gutterText(layout: TableLayout, marker: string, selected: boolean): string {
  return layout.gutter === 0 ? '' : fit(selected ? marker : '', layout.gutter);
}

/** One row as a single line of exactly `layout.totalWidth` columns. */
export function formatRow(row: TableRow, layout: TableLayout, marker = '', selected = false): string {
  return gutterText(layout, marker, selected) + formatCells(row, layout).join('');
}

/** The header as a single line of exactly `layout.totalWidth` columns. */
export function formatHeader(layout: TableLayout): string {
  return gutterText(layout, '', false) + formatHeaderCells(layout).join('');
}
