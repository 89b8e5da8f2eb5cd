import { formatTimestamp, pageGroupView, pageView } from '../../api/items.js';
import type { RawItem } from '../../api/types.js';
import type { ListKind } from '../store/list-view.js';

/** One list row as the table shows it: raw strings (the table sanitises and fits every cell). */
export type Row = Record<string, string>;

export interface ColumnSet {
  readonly columns: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** Fixed widths, so columns never jump while scrolling. */
  readonly widths: Readonly<Record<string, number>>;
}

const UPDATED = 16; // "2024-05-23 19:10"

/** The status as shown: known values as they are, anything else whole and marked unknown. */
export function statusLabel(raw: RawItem): string {
  const g = pageGroupView(raw);
  return g.statusKnown || g.status === '' ? g.status : `${g.status} (unknown)`;
}

function groupRow(raw: RawItem): Row {
  const g = pageGroupView(raw);
  return {
    title: g.title || g.id,
    status: statusLabel(raw),
    slug: g.slug,
    updated: formatTimestamp(g.updatedAt),
  };
}

function pageRow(raw: RawItem): Row {
  const p = pageView(raw);
  return { name: p.name, id: p.id, updated: formatTimestamp(p.updatedAt) };
}

/**
 * Column widths for a terminal `width` columns wide (padding of 1 on each side of a cell).
 * `statusWidth` is the widest status label loaded, so an unknown status is shown whole.
 */
export function columnsFor(kind: ListKind, width: number, statusWidth = 9): ColumnSet {
  const padding = 2;
  if (kind === 'groups') {
    const status = Math.min(Math.max(9, statusWidth), Math.max(9, Math.floor(width / 4)));
    const slug = Math.max(8, Math.min(28, Math.floor(width * 0.25)));
    const title = Math.max(8, width - (status + slug + UPDATED + padding * 4) - 1);
    return {
      columns: ['title', 'status', 'slug', 'updated'],
      headers: { title: 'TITLE', status: 'STATUS', slug: 'SLUG', updated: 'UPDATED' },
      widths: { title, status, slug, updated: UPDATED },
    };
  }
  const id = Math.max(10, Math.min(24, Math.floor(width * 0.25)));
  const name = Math.max(8, width - (id + UPDATED + padding * 3) - 1);
  return {
    columns: ['name', 'id', 'updated'],
    headers: { name: 'NAME', id: 'PAGE ID', updated: 'UPDATED' },
    widths: { name, id, updated: UPDATED },
  };
}

export const rowFor = (kind: ListKind): ((raw: RawItem) => Row) => (kind === 'groups' ? groupRow : pageRow);
