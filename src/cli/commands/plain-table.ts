/**
 * The aligned plain-text table of `pagetui groups` / `pagetui pages` without `--json`. Column
 * widths are fixed once, from the first page of items, so later pages stream out with the same
 * layout; longer values are cut with an ellipsis. The width rules are the list screen's (see
 * src/ui/table-model): on a narrow terminal the same columns shrink and go first. Every cell is
 * sanitised and measured by display width (wide CJK and emoji count as 2), and no line is wider
 * than the given width. On a terminal that is not UTF-8 (src/text/charset.ts) every cell is made
 * ASCII before it is measured, as the app shows it: '?' for what that terminal cannot show.
 */
import { formatTimestamp, pageGroupView, pageView } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import { asciiOnly } from '../../text/charset.js';
import { toAscii } from '../../text/glyphs.js';
import { displayWidth, padEnd, padStart, sanitize, truncate } from '../../text/index.js';
import { allocateColumns, columnSpecs, pageCountText, type ColumnSpec } from '../../ui/table-model/index.js';

/**
 * A column: the list screen's width rule for its key, with this table's header and cell. A
 * `whole` value (an id: a cut id is useless) longer than its column takes the room it needs from
 * the flex column of its row, so the columns after it stay aligned.
 */
export interface TableColumn extends ColumnSpec {
  readonly header: string;
  readonly cell: (raw: RawItem) => string;
  /** Left out when no item of the first page has a value (the app leaves it out likewise). */
  readonly optional?: true;
  /** A count: right-aligned, its header too. */
  readonly count?: true;
}

const GAP = '  ';

/** A cell's text as the terminal is to get it. */
const cellText = (value: string): string => (asciiOnly() ? toAscii(sanitize(value)) : sanitize(value));
const SPACING = { padding: 0, gutter: 0, separator: GAP.length };

const column = (kind: 'groups' | 'pages', key: string, header: string, cell: (raw: RawItem) => string): TableColumn => {
  const spec = columnSpecs(kind).find((s) => s.key === key);
  if (spec === undefined) throw new Error(`no ${kind} column ${key}`);
  return { ...spec, header, cell };
};

/** Columns of `pagetui groups`. */
export const GROUP_COLUMNS: readonly TableColumn[] = [
  column('groups', 'id', 'ID', (r) => pageGroupView(r).id),
  column('groups', 'title', 'TITLE', (r) => pageGroupView(r).title),
  column('groups', 'status', 'STATUS', (r) => pageGroupView(r).status),
  // The service's pageCount, as the app's PAGES column shows it; no count is asked for beyond it.
  { ...column('groups', 'pages', 'PAGES', pageCountText), optional: true, count: true },
  column('groups', 'updated', 'UPDATED', (r) => formatTimestamp(r.updatedAt)),
];

/** Columns of `pagetui pages`. */
export const PAGE_COLUMNS: readonly TableColumn[] = [
  column('pages', 'id', 'ID', (r) => pageView(r).id),
  column('pages', 'name', 'NAME', (r) => pageView(r).name),
  column('pages', 'updated', 'UPDATED', (r) => formatTimestamp(r.updatedAt)),
];

/** The columns shown within `totalWidth` for a sample of items, and their widths. */
function fitColumns(all: readonly TableColumn[], sample: readonly RawItem[], totalWidth: number): { shown: TableColumn[]; widths: number[] } {
  const columns = all.filter((col) => col.optional !== true || sample.some((raw) => col.cell(raw) !== ''));
  const natural: Record<string, number> = {};
  for (const col of columns) {
    let w = displayWidth(col.header);
    for (const raw of sample) w = Math.max(w, displayWidth(cellText(col.cell(raw))));
    natural[col.key] = w;
  }
  const allocation = allocateColumns(columns, natural, totalWidth, SPACING);
  const shown = columns.filter((c) => allocation.columns.includes(c.key));
  return { shown, widths: shown.map((c) => allocation.widths[c.key] ?? c.min) };
}

/** Widths of the columns shown within `totalWidth` for a sample of items (see fitColumns). */
export function columnWidths(columns: readonly TableColumn[], sample: readonly RawItem[], totalWidth: number): number[] {
  return fitColumns(columns, sample, totalWidth).widths;
}

/** Formats rows once the widths are fixed. */
export class PlainTable {
  /** The columns that fit, once `start` has run; all of them before. */
  #columns: readonly TableColumn[];
  readonly #totalWidth: number;
  #widths: number[] | undefined;

  constructor(columns: readonly TableColumn[], totalWidth: number) {
    this.#columns = columns;
    this.#totalWidth = Math.max(1, Math.floor(totalWidth));
  }

  /** True once `start` has fixed the column widths. */
  get started(): boolean {
    return this.#widths !== undefined;
  }

  /** Fixes the columns and their widths from a sample (the first page) and returns the header line. */
  start(sample: readonly RawItem[]): string {
    const { shown, widths } = fitColumns(this.#columns, sample, this.#totalWidth);
    this.#columns = shown;
    this.#widths = widths;
    return this.#line(this.#columns.map((c) => c.header));
  }

  /** The lines for some items, each ending in a newline. */
  rows(items: readonly RawItem[]): string {
    let out = '';
    for (const raw of items) out += this.#line(this.#columns.map((c) => c.cell(raw)));
    return out;
  }

  #line(cells: readonly string[]): string {
    const widths = [...(this.#widths ?? this.#columns.map((c) => c.min))];
    const texts = cells.map((value, i) => {
      const text = cellText(value);
      return this.#columns[i]?.whole === true || this.#columns[i]?.numeric === true ? text : truncate(text, widths[i] ?? 0);
    });
    let overflow = 0;
    texts.forEach((text, i) => {
      if (this.#columns[i]?.whole === true || this.#columns[i]?.numeric === true) overflow += Math.max(0, displayWidth(text) - (widths[i] ?? 0));
    });
    const flex = this.#columns.findIndex((c) => c.flex === true);
    const flexWidth = widths[flex];
    if (overflow > 0 && flexWidth !== undefined) {
      const w = Math.max(0, flexWidth - overflow);
      widths[flex] = w;
      texts[flex] = truncate(texts[flex] ?? '', w);
    }
    const last = texts.length - 1;
    const parts = texts.map((text, i) => (this.#columns[i]?.count === true ? padStart(text, widths[i] ?? 0) : i === last ? text : padEnd(text, widths[i] ?? 0)));
    let line = parts.join(GAP).trimEnd();
    if (displayWidth(line) > this.#totalWidth) line = truncate(line, this.#totalWidth);
    return `${line}\n`;
  }
}
