/**
 * Moving in the detail view: j/k select a field, PgUp/PgDn and Ctrl-d/u scroll by the view's
 * height, g/G go to the first/last field. The selected field is kept in view.
 */
import type { Command } from '../../keys/bindings.js';
import type { DetailLayout } from './detail-lines.js';

export interface DetailPosition {
  /** The selected field (index among the record's fields). */
  readonly field: number;
  /** The first line shown. */
  readonly scroll: number;
}

const clamp = (n: number, low: number, high: number): number => Math.min(Math.max(n, low), Math.max(low, high));

/** The field that line `line` belongs to. */
function fieldAtLine(layout: DetailLayout, line: number): number {
  let field = 0;
  for (let i = 0; i < layout.starts.length; i++) if ((layout.starts[i] ?? 0) <= line) field = i;
  return field;
}

/** The scroll that shows field `field` (as much of it as fits, its first line first), moving as little as possible. */
function scrollToField(layout: DetailLayout, field: number, scroll: number, body: number): number {
  const max = Math.max(0, layout.lines.length - body);
  const start = layout.starts[field] ?? 0;
  const end = (layout.starts[field + 1] ?? layout.lines.length) - 1;
  let top = scroll;
  if (start < top) top = start;
  else if (end >= top + body) {
    // A field taller than the view that already shows its start stays put: PgDn reads on.
    const tall = end - start + 1 > body;
    top = tall ? (start < top + body ? top : start) : end - body + 1;
  }
  return clamp(top, 0, max);
}

/** The position after a command, or undefined when the command does not move in the details. */
export function detailMove(command: Command, at: DetailPosition, layout: DetailLayout, body: number): DetailPosition | undefined {
  const fields = layout.starts.length;
  const last = Math.max(0, fields - 1);
  const rows = Math.max(1, body);
  const max = Math.max(0, layout.lines.length - rows);
  const select = (field: number): DetailPosition => {
    const f = clamp(field, 0, last);
    return { field: f, scroll: scrollToField(layout, f, at.scroll, rows) };
  };
  const scrollBy = (delta: number): DetailPosition => {
    const scroll = clamp(at.scroll + delta, 0, max);
    // At either end the selection goes to the first or last field, so every field can be reached.
    if (scroll === at.scroll) return select(delta > 0 ? last : 0);
    const firstStarting = layout.starts.findIndex((start) => start >= scroll);
    const shown = firstStarting >= 0 && (layout.starts[firstStarting] ?? 0) < scroll + rows;
    return { field: shown ? firstStarting : fieldAtLine(layout, scroll), scroll };
  };
  const half = Math.max(1, Math.floor(rows / 2));
  switch (command) {
    case 'moveDown': return select(at.field + 1);
    case 'moveUp': return select(at.field - 1);
    case 'top': return { field: 0, scroll: 0 };
    case 'bottom': return { field: last, scroll: max };
    case 'pageDown': return scrollBy(rows);
    case 'pageUp': return scrollBy(-rows);
    case 'halfPageDown': return scrollBy(half);
    case 'halfPageUp': return scrollBy(-half);
    default: return undefined;
  }
}

/** Field `field` selected and shown, from the top (a record just opened). */
export const detailShowing = (layout: DetailLayout, field: number, body: number): DetailPosition => ({ field, scroll: scrollToField(layout, field, 0, Math.max(1, body)) });
