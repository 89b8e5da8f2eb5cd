/** Pure layout of the help overlay: the binding table in as many columns as the space allows. */
import { displayWidth, padEnd, truncate } from '../../text/index.js';
import { helpLines, type HelpGroup } from '../keys/index.js';

const HELP_TITLE = 'Keys  (? or Esc to close)';
const COLUMN_GAP = 3;
const MORE = '… enlarge the terminal to see all keys';

type HelpEntry =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'row'; readonly group: string; readonly label: string; readonly description: string }
  | { readonly kind: 'blank' };

function entriesFor(groups: readonly HelpGroup[]): HelpEntry[] {
  const entries: HelpEntry[] = [];
  for (const group of groups) {
    if (entries.length > 0) entries.push({ kind: 'blank' });
    entries.push({ kind: 'heading', text: group.group });
    for (const row of group.rows) entries.push({ kind: 'row', group: group.group, ...row });
  }
  return entries;
}

/**
 * Splits entries into columns of `height` lines: a column never ends on a heading nor starts with
 * a blank, and a group that continues in a new column gets a '(cont.)' heading there.
 */
function toColumns(entries: readonly HelpEntry[], height: number): HelpEntry[][] {
  const columns: HelpEntry[][] = [];
  let column: HelpEntry[] = [];
  for (const entry of entries) {
    const full = column.length >= height;
    const orphanHeading = entry.kind === 'heading' && column.length === height - 1 && height > 1;
    if (full || orphanHeading) {
      columns.push(column);
      column = [];
    }
    if (column.length === 0 && entry.kind === 'blank') continue;
    if (column.length === 0 && entry.kind === 'row' && columns.length > 0 && height > 1) {
      column.push({ kind: 'heading', text: `${entry.group} (cont.)` });
    }
    column.push(entry);
  }
  if (column.length > 0) columns.push(column);
  return columns;
}

/** A column's lines, with labels aligned within that column. */
function formatColumn(column: readonly HelpEntry[]): string[] {
  const labelWidth = Math.max(0, ...column.map((e) => (e.kind === 'row' ? displayWidth(e.label) : 0)));
  return column.map((e) => {
    if (e.kind === 'heading') return e.text;
    if (e.kind === 'blank') return '';
    return `  ${padEnd(e.label, labelWidth)}  ${e.description}`;
  });
}

/**
 * The help overlay as lines: a title, then the bindings grouped, flowed into side-by-side columns
 * when they do not fit `height`. At most `height` lines of at most `width` columns; when even the
 * columns do not fit, the last line says so.
 */
export function helpLayout(width: number, height: number, groups: readonly HelpGroup[] = helpLines()): string[] {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  if (h === 0) return [];
  const title = truncate(HELP_TITLE, w);
  if (h === 1) return [title];
  const columns = toColumns(entriesFor(groups), h - 1).map(formatColumn);

  // Take columns while they fit side by side (always at least one, cut to the width).
  const shown: { lines: string[]; width: number }[] = [];
  let used = 0;
  for (const lines of columns) {
    const columnWidth = Math.max(...lines.map((l) => displayWidth(l)));
    const needed = (shown.length === 0 ? 0 : COLUMN_GAP) + columnWidth;
    if (shown.length > 0 && used + needed > w) break;
    shown.push({ lines, width: columnWidth });
    used += needed;
  }
  const rows = Math.max(...shown.map((c) => c.lines.length));
  const lines: string[] = [title];
  for (let r = 0; r < rows; r++) {
    const line = shown
      .map((c, i) => (i === shown.length - 1 ? (c.lines[r] ?? '') : padEnd(c.lines[r] ?? '', c.width + COLUMN_GAP)))
      .join('');
    lines.push(truncate(line.trimEnd(), w));
  }
  if (shown.length < columns.length) lines[lines.length - 1] = truncate(MORE, w);
  return lines;
}
