/**
 * The app's first frame as text, without React or ink: the header, the group list's first rows
 * and the status lines of the group list at its start, from the same layout functions, theme
 * tokens, sanitising and truncation as the components (Header, ListScreen/Table, StatusLine,
 * TooSmall). test/render/first-frame.test.tsx checks it against what ink draws for the same state.
 */
import type { QuotaSnapshot } from '../../api/quota/quota-pacer.js';
import type { PagerSnapshot, RawItem } from '../../api/types.js';
import { spinnerFrames } from '../../text/glyphs.js';
import { countOf, layoutHeader, staleLabel } from '../components/header-format.js';
import { formatCells, formatHeader, gutterText, layoutColumns, type TableLayout, type TableRow } from '../components/table/layout.js';
import { tooSmallLines } from '../components/too-small-text.js';
import { footerHint } from '../keys/help.js';
import { columnMeasure, columnsFor, rowFor } from '../table-model/index.js';
import { emptyListLines, emptyListText } from '../screens/empty-text.js';
import { layoutStatus, SPINNER_WIDTH, statusLineParts } from '../components/status-format.js';
import { isTooSmall, listRows } from '../store/layout.js';
import { startNoticeToast, TOAST_MS, type Toast } from '../store/status.js';
import { groupStatusColor, type Theme } from '../theme/tokens.js';
import { paint, UnpaintableColor, type TextStyle } from './sgr.js';

/** The group list at start-up, as the store's first snapshot holds it. */
export interface FirstFrameState {
  readonly columns: number;
  readonly rows: number;
  /** What the breadcrumb calls the service. */
  readonly origin: string;
  readonly profile?: string;
  readonly pager: PagerSnapshot;
  /** Said at start (a config warning): a warning toast, as the store's first snapshot has it. */
  readonly notice?: string;
  readonly noticeHint?: string;
  readonly quota?: QuotaSnapshot;
  /** The row selected (the last session's, with its rows from the cache); the first by default. */
  readonly selected?: number;
}

/** Cell padding of the list's table, as ListScreen draws it. */
const PADDING = 1;

/**
 * The frame's lines (each with its SGR codes), or undefined for a state this does not draw (the
 * listing has warnings, which the store turns into a toast; a colour it cannot paint as ink does).
 */
export function firstFrameLines(state: FirstFrameState, theme: Theme, chalkLevel: number, now: number): string[] | undefined {
  if (state.pager.warnings.length > 0) return undefined;
  const style = (text: string, textStyle: TextStyle) => paint(text, textStyle, chalkLevel);
  try {
    if (isTooSmall(state.columns, state.rows)) {
      return tooSmallLines(state.columns, state.rows).map((line) => style(line, { color: theme.status.warning }));
    }
    return [headerLine(state, theme, style), ...listLines(state, theme, style), ...statusLines(state, theme, style, now)];
  } catch (error) {
    if (error instanceof UnpaintableColor) return undefined;
    throw error;
  }
}

type Style = (text: string, textStyle: TextStyle) => string;

function headerLine({ columns, origin, profile, pager }: FirstFrameState, theme: Theme, style: Style): string {
  const count = countOf(pager);
  const cached = staleLabel(pager);
  const parts = layoutHeader({ breadcrumb: [origin], ...(profile ? { profile } : {}), ...(count ? { count } : {}), ...(cached ? { cached } : {}) }, columns);
  return (
    style(parts.appName, { bold: true, color: theme.text.accent }) +
    (parts.breadcrumb === '' ? '' : style(`  ${parts.breadcrumb}`, { color: theme.text.primary })) +
    parts.gap +
    style(parts.right, { color: theme.text.secondary })
  );
}

/** The column headings, the window's rows (the first selected), blank lines to the list's height. */
function listLines({ columns, rows, pager, selected = 0 }: FirstFrameState, theme: Theme, style: Style): string[] {
  const windowRows = listRows(rows);
  const items = pager.items;
  // Where the store's placeSelection puts the window for a selection made from the top.
  const top = Math.max(0, Math.min(selected - windowRows + 1, items.length - windowRows));
  const valueWidths = columnMeasure('groups').measure(items);
  const set = columnsFor('groups', columns, valueWidths);
  const format = rowFor('groups');
  const data: TableRow[] = [];
  for (let i = top; i < Math.min(top + windowRows, items.length); i++) data.push(format(items.at(i) as RawItem));
  const gutter = theme.selection.marker === '' ? 0 : 1;
  const layout = layoutColumns({ data, columns: set.columns, headers: set.headers, widths: set.widths, maxWidth: columns, padding: PADDING, gutter });
  const lines = [style(formatHeader(layout), { bold: true, color: theme.text.secondary })];
  if (data.length === 0) lines.push(...emptyListLines(emptyListText('groups', pager, false), columns, windowRows));
  else data.forEach((row, index) => lines.push(rowLine(row, layout, theme, style, top + index === selected)));
  while (lines.length < windowRows + 1) lines.push('');
  return lines;
}

/** One table row as TableRowLine draws it: the selection's colours, or each cell in its own. */
function rowLine(row: TableRow, layout: TableLayout, theme: Theme, style: Style, selected: boolean): string {
  const cells = formatCells(row, layout);
  const gutter = gutterText(layout, theme.selection.marker, selected);
  if (selected) {
    const { bg, fg, inverse } = theme.selection;
    return style(gutter + cells.join(''), { inverse, color: fg, backgroundColor: bg });
  }
  const primary = { color: theme.text.primary };
  return (
    style(gutter, primary) +
    cells.map((cell, i) => {
      const key = layout.columns[i]?.key ?? '';
      const color = key === 'status' ? groupStatusColor(theme, row[key]) : '';
      return style(cell, color ? { color } : primary);
    }).join('')
  );
}

/** The status bar (spinner, message, progress) and the key hints, as StatusLine and StatusBar draw them. */
function statusLines({ columns, pager, notice, noticeHint, quota, selected = 0 }: FirstFrameState, theme: Theme, style: Style, now: number): string[] {
  const toast: Toast | undefined = notice ? startNoticeToast(notice, noticeHint, now + TOAST_MS * 2) : undefined;
  const parts = statusLineParts({
    width: columns,
    pager,
    ...(toast ? { toast } : {}),
    ...(quota ? { quota } : {}),
    following: false,
    hint: footerHint('groups', columns),
    row: pager.items.length > 0 ? selected + 1 : undefined,
  }, now);
  const spinner = parts.busy ? style(spinnerFrames()[0] ?? '', { color: theme.text.accent }) : '';
  const [line] = layoutStatus(parts.message, parts.right, parts.busy ? Math.max(0, columns - SPINNER_WIDTH) : columns, parts.rightFirst);
  const bar =
    line === undefined
      ? spinner
      : (spinner === '' ? '' : `${spinner} `) +
        style(line.message, { color: parts.message ? theme.status[parts.message.tone] : '' }) +
        style(line.right, { color: theme.text.secondary });
  return [bar, style(parts.hintLine, { color: theme.text.secondary })];
}
