/**
 * The columns of the group and page lists: which, how wide, what goes first on a narrow terminal,
 * and the rows the list screen shows. The plain table of `pagetui groups` / `pages` takes its
 * width rules from here too.
 */
import { formatTimestamp, itemId, pageGroupView, pageName, pageView } from '../../api/items.js';
import type { ListKind } from '../../api/pager/list-pager.js';
import { itemsExtend } from '../../api/pager/packed-items.js';
import type { ItemSeq, RawItem } from '../../api/types.js';
import { displayWidth } from '../../text/index.js';
import { countText } from '../../text/count.js';
import { allocateColumns, type ColumnSpec } from './allocate.js';
import { cellText } from './cell-text.js';

/** One list row as the table shows it: raw strings (the table sanitises and fits every cell). */
export type Row = Record<string, string>;

export interface ColumnSet {
  readonly columns: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** Fixed widths, so columns never jump while scrolling or filtering. */
  readonly widths: Readonly<Record<string, number>>;
}

const UPDATED = 16; // "2024-05-23 19:10"
/** A title or name wider than this is cut: past it, long lines read badly and only push the rest away. */
const TEXT_MAX = 60;
/** Cell padding each side and the selection-marker gutter, as ListScreen's table draws them. */
const SPACING = { padding: 1, gutter: 1 };

/** The widest the PAGES column grows: a count never cut, so one longer is written compactly. */
const MAX_PAGES_CHARS = 21;

/**
 * Which columns matter most when the terminal is narrow, as k9s keeps them: what identifies a row
 * (the id, which `pagetui pages <id>` and the jump prompt need, never cut) and the small count stay;
 * long text shrinks first (the title down to its minimum, the slug too) and only then do columns go:
 * the slug, the time, then the status.
 */
const GROUP_SPECS: readonly ColumnSpec[] = [
  { key: 'id', priority: 1, min: 6, max: 40, whole: true },
  { key: 'title', priority: 2, min: 12, max: TEXT_MAX, flex: true },
  { key: 'status', priority: 4, min: 9, max: 16 },
  // max: the widest whole count JavaScript holds, with separators (9,007,199,254,740,991).
  { key: 'pages', priority: 3, min: 5, max: MAX_PAGES_CHARS, numeric: true },
  { key: 'slug', priority: 6, min: 8, max: 28 },
  { key: 'updated', priority: 5, min: UPDATED, max: UPDATED, numeric: true },
];

const PAGE_SPECS: readonly ColumnSpec[] = [
  { key: 'name', priority: 2, min: 12, max: TEXT_MAX + 20, flex: true },
  { key: 'id', priority: 1, min: 8, max: 40, whole: true },
  { key: 'updated', priority: 3, min: UPDATED, max: UPDATED, numeric: true },
];

/** The width rules of a list's columns, in the list screen's order. */
export const columnSpecs = (kind: ListKind): readonly ColumnSpec[] => (kind === 'groups' ? GROUP_SPECS : PAGE_SPECS);

const GROUP_HEADERS = { id: 'ID', title: 'TITLE', status: 'STATUS', pages: 'PAGES', slug: 'SLUG', updated: 'UPDATED' };
const PAGE_HEADERS = { name: 'NAME', id: 'PAGE ID', updated: 'UPDATED' };

/** The page count as the server sent it: a number shown with separators (`1.00e21` when too long for that), anything else left blank. */
export function pageCountText(raw: RawItem): string {
  const n = raw.pageCount;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '';
  const grouped = countText(Math.floor(n));
  return grouped.length <= MAX_PAGES_CHARS ? grouped : n.toExponential(2).replace('e+', 'e');
}

function groupRow(raw: RawItem): Row {
  const g = pageGroupView(raw);
  return {
    id: g.id,
    title: g.title || g.id,
    // An unknown status reads as sent, as in `pagetui groups`; its colour marks it unknown.
    status: g.status,
    pages: pageCountText(raw),
    slug: g.slug,
    updated: formatTimestamp(g.updatedAt),
  };
}

function pageRow(raw: RawItem): Row {
  const p = pageView(raw);
  return { name: p.name, id: p.id, updated: formatTimestamp(p.updatedAt) };
}

export const rowFor = (kind: ListKind): ((raw: RawItem) => Row) => (kind === 'groups' ? groupRow : pageRow);

function groupWidthCells(raw: RawItem): Row {
  const g = pageGroupView(raw);
  return { id: g.id, title: g.title || g.id, status: g.status, pages: pageCountText(raw), slug: g.slug };
}

function pageWidthCells(raw: RawItem): Row {
  return { name: pageName(raw), id: itemId('page', raw) };
}

/**
 * The cells of a row whose values decide a column's width, as `rowFor` would give them. The time
 * column is left out: its width is fixed whatever the values, so 100,000 items loaded by `G` are
 * measured without formatting a single timestamp.
 */
export const widthCellsFor = (kind: ListKind): ((raw: RawItem) => Row) => (kind === 'groups' ? groupWidthCells : pageWidthCells);

const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** Columns a value takes once drawn (sanitised); plain ASCII, nearly every value, is its length. */
const cellWidth = (value: unknown): number =>
  typeof value === 'string' && PRINTABLE_ASCII.test(value) ? value.length : displayWidth(cellText(value));

/**
 * The widest value of each column over every item loaded so far, kept up to date as pages are
 * appended (only the new items are measured). Widths come from the whole listing, never from the
 * filtered rows, so filtering cannot move a column. A column at its cap (the widest it is shown)
 * is measured no further, nor is a value too short to be wider than the widest so far (a UTF-16
 * unit draws at most two columns): measuring a long name outside ASCII costs more than reading
 * it off the wire, and `G` measures every item.
 */
export class ColumnMeasure {
  private source: ItemSeq = [];
  private counted = 0;
  private widths: Record<string, number> = {};
  private result: Readonly<Record<string, number>> = {};

  constructor(
    private readonly row: (raw: RawItem) => Readonly<Record<string, unknown>>,
    private readonly caps: Readonly<Record<string, number>> = {},
  ) {}

  /** Natural widths of the values (0 for a column with no value yet), up to each cap; the same object while unchanged. */
  measure(items: ItemSeq): Readonly<Record<string, number>> {
    if (!itemsExtend(this.source, items)) {
      this.counted = 0;
      this.widths = {};
    }
    let changed = this.counted === 0;
    for (let i = this.counted; i < items.length; i++) {
      const row = this.row(items.at(i) as RawItem);
      // for…in, not Object.keys(): no array made for each of the items `G` loads.
      for (const key in row) {
        const widest = this.widths[key] ?? 0;
        const value = row[key];
        if (widest >= (this.caps[key] ?? Number.POSITIVE_INFINITY) || (typeof value === 'string' && value.length * 2 <= widest)) continue;
        const w = cellWidth(value);
        if (w > widest) {
          this.widths[key] = w;
          changed = true;
        }
      }
    }
    this.source = items;
    this.counted = items.length;
    if (changed) this.result = { ...this.widths };
    return this.result;
  }
}

/** The widest each column of a list is shown, whatever its values. */
function widthCaps(kind: ListKind): Readonly<Record<string, number>> {
  return Object.fromEntries(columnSpecs(kind).map((s) => [s.key, s.max]));
}

/** A measure of the columns of a list of `kind`, as `columnsFor` takes them. */
export const columnMeasure = (kind: ListKind): ColumnMeasure => new ColumnMeasure(widthCellsFor(kind), widthCaps(kind));

/**
 * The columns for a terminal `width` columns wide, from the natural widths of everything loaded
 * (see ColumnMeasure). A column the server sends no value for (the page count) is left out.
 */
export function columnsFor(kind: ListKind, width: number, valueWidths: Readonly<Record<string, number>> = {}): ColumnSet {
  const headers: Readonly<Record<string, string>> = kind === 'groups' ? GROUP_HEADERS : PAGE_HEADERS;
  const specs = columnSpecs(kind).filter((s) => s.key !== 'pages' || (valueWidths.pages ?? 0) > 0);
  const natural: Record<string, number> = {};
  for (const s of specs) natural[s.key] = Math.max(displayWidth(headers[s.key] ?? s.key), valueWidths[s.key] ?? 0);
  const { columns, widths } = allocateColumns(specs, natural, width, SPACING);
  return { columns, headers, widths };
}
