/**
 * Pure table layout: column widths and row strings. No React, so it is tested on its own and
 * can be run once over all loaded data (see `measureColumns`) to keep widths steady.
 */
import { displayWidth, fit, sanitize } from '../../../text/index.js';
import { allocateColumns, cellText, type ColumnSpec } from '../../table-model/index.js';

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
  /** Total width available for a row; columns sized from their data shrink first, the last first. */
  readonly maxWidth?: number;
  /** Spaces each side of a cell (default 1). */
  readonly padding?: number;
  /** Selection-marker gutter width (default 0). */
  readonly gutter?: number;
}

/** A column never shrinks below this unless the table cannot fit otherwise ('ab…'). */
const MIN_COLUMN_WIDTH = 3;

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

/**
 * Decides which columns show and how wide each is, by the app's one width rule (allocateColumns):
 * over `maxWidth`, the columns sized from their data shrink, the last first, down to
 * MIN_COLUMN_WIDTH; fixed widths stay; then trailing columns are dropped.
 */
export function layoutColumns(options: LayoutOptions): TableLayout {
  const padding = toInt(options.padding, 1);
  const gutter = toInt(options.gutter, 0);
  const headers = options.headers ?? {};
  const keys = columnKeys(options.data, options.columns);
  const fixed = options.widths ?? {};
  const natural = measureColumns(options.data, keys.filter((k) => fixed[k] === undefined), headers);
  const maxWidth = options.maxWidth === undefined ? Infinity : toInt(options.maxWidth, 0);
  const specs = keys.map((key, i): ColumnSpec => {
    const given = fixed[key];
    const width = Math.min(given === undefined ? (natural[key] ?? 1) : toInt(given, 1), maxWidth);
    return given === undefined
      ? { key, priority: i + 1, min: Math.min(MIN_COLUMN_WIDTH, width), max: width }
      : { key, priority: i + 1, min: width, max: width, whole: true };
  });
  const sizes = Object.fromEntries(specs.map((s) => [s.key, s.max]));
  const allocation = allocateColumns(specs, sizes, maxWidth, { padding, gutter });
  const columns = allocation.columns.map((key) => ({
    key,
    header: sanitize(headers[key] ?? key),
    width: allocation.widths[key] ?? 0,
  }));
  const totalWidth = gutter + columns.reduce((sum, c) => sum + c.width + 2 * padding, 0);
  return { columns, padding, gutter, totalWidth };
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
