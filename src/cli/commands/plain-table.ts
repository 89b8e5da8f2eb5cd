/**
 * The aligned plain-text table of `pagetui groups` / `pagetui pages` without `--json`. Column
 * widths are fixed once, from the first page of items, so later pages stream out with the same
 * layout; longer values are cut with an ellipsis. Every cell is sanitised and measured by display
 * width (wide CJK and emoji count as 2), and no line is wider than the given width.
 */
import { formatTimestamp, pageGroupView, pageView } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import { displayWidth, padEnd, sanitize, truncate } from '../../text/index.js';

export interface TableColumn {
  readonly header: string;
  readonly cell: (raw: RawItem) => string;
  /** Narrowest the column is made before the line is cut. */
  readonly min: number;
  /** Widest the column grows. */
  readonly max: number;
  /** Takes the width left over (one column per table). */
  readonly flex?: boolean;
  /**
   * Never cut (ids: a cut id is useless). A longer value takes the room it needs from the flex
   * column of its row, so the columns after it stay aligned.
   */
  readonly whole?: boolean;
}

const GAP = '  ';

/** Columns of `pagetui groups`. */
export const GROUP_COLUMNS: readonly TableColumn[] = [
  { header: 'ID', cell: (r) => pageGroupView(r).id, min: 6, max: 40, whole: true },
  { header: 'TITLE', cell: (r) => pageGroupView(r).title, min: 10, max: 60, flex: true },
  { header: 'STATUS', cell: (r) => pageGroupView(r).status, min: 6, max: 12 },
  { header: 'UPDATED', cell: (r) => formatTimestamp(r.updatedAt), min: 10, max: 16 },
];

/** Columns of `pagetui pages`. */
export const PAGE_COLUMNS: readonly TableColumn[] = [
  { header: 'ID', cell: (r) => pageView(r).id, min: 6, max: 40, whole: true },
  { header: 'NAME', cell: (r) => pageView(r).name, min: 10, max: 80, flex: true },
  { header: 'UPDATED', cell: (r) => formatTimestamp(r.updatedAt), min: 10, max: 16 },
];

/**
 * Column widths for a sample of items within `totalWidth` columns: each column as wide as its
 * widest sample cell (within min..max); the flex column then takes what is left, up to its max.
 * When the total is too narrow, the flex column shrinks first, then the widest others, down to
 * their minimum.
 */
export function columnWidths(columns: readonly TableColumn[], sample: readonly RawItem[], totalWidth: number): number[] {
  const widths = columns.map((col) => {
    let w = displayWidth(col.header);
    for (const raw of sample) w = Math.max(w, displayWidth(sanitize(col.cell(raw))));
    return Math.min(col.max, Math.max(col.min, w));
  });
  const budget = Math.max(0, totalWidth - GAP.length * (columns.length - 1));
  const sum = (): number => widths.reduce((a, b) => a + b, 0);
  const flex = columns.findIndex((c) => c.flex === true);
  if (flex >= 0 && sum() < budget) {
    const col = columns[flex];
    const w = widths[flex];
    if (col !== undefined && w !== undefined) widths[flex] = Math.min(col.max, w + budget - sum());
  }
  while (sum() > budget) {
    const i = shrinkable(columns, widths, flex);
    if (i < 0) break;
    const w = widths[i] ?? 0;
    widths[i] = Math.max(columns[i]?.min ?? 0, w - (sum() - budget));
  }
  return widths;
}

function shrinkable(columns: readonly TableColumn[], widths: readonly number[], flex: number): number {
  const flexW = widths[flex];
  const flexCol = columns[flex];
  if (flexW !== undefined && flexCol !== undefined && flexW > flexCol.min) return flex;
  let best = -1;
  widths.forEach((w, i) => {
    if (w > (columns[i]?.min ?? 0) && (best < 0 || w > (widths[best] ?? 0))) best = i;
  });
  return best;
}

/** Formats rows once the widths are fixed. */
export class PlainTable {
  readonly #columns: readonly TableColumn[];
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

  /** Fixes the widths from a sample (the first page) and returns the header line. */
  start(sample: readonly RawItem[]): string {
    this.#widths = columnWidths(this.#columns, sample, this.#totalWidth);
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
      const text = sanitize(value);
      return this.#columns[i]?.whole === true ? text : truncate(text, widths[i] ?? 0);
    });
    let overflow = 0;
    texts.forEach((text, i) => {
      if (this.#columns[i]?.whole === true) overflow += Math.max(0, displayWidth(text) - (widths[i] ?? 0));
    });
    const flex = this.#columns.findIndex((c) => c.flex === true);
    const flexWidth = widths[flex];
    if (overflow > 0 && flexWidth !== undefined) {
      const w = Math.max(0, flexWidth - overflow);
      widths[flex] = w;
      texts[flex] = truncate(texts[flex] ?? '', w);
    }
    const last = texts.length - 1;
    const parts = texts.map((text, i) => (i === last ? text : padEnd(text, widths[i] ?? 0)));
    let line = parts.join(GAP).trimEnd();
    if (displayWidth(line) > this.#totalWidth) line = truncate(line, this.#totalWidth);
    return `${line}\n`;
  }
}
