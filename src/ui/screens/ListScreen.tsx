import { Box, Text } from 'ink';
import { memo, useCallback, useMemo, useRef } from 'react';
import { listItemId } from '../../api/pager/list-pager.js';
import { itemSlice } from '../../api/pager/packed-items.js';
import type { ItemSeq, RawItem } from '../../api/types.js';
import { Table, type TableRow } from '../components/table/index.js';
import type { RowMark } from '../components/table/Table.js';
import type { WatchMark } from '../store/reload/watch-state.js';
import { windowLines, type WindowLine } from '../store/reload/watch-ghosts.js';
import { groupStatusColor, useTheme } from '../theme/index.js';
import { WATCH_MARKERS } from '../theme/tokens.js';
import type { ListKind } from '../store/list/list-view.js';
import { columnMeasure, columnsFor, rowFor, type ColumnMeasure } from '../table-model/index.js';
import { emptyListLines, spokenEmptyLines } from './empty-text.js';
import { usePresentation } from '../presentation/presentation.js';
import { useRowsWarmed } from '../hooks/use-rows-warmed.js';
import { SpokenList } from '../presentation/SpokenList.js';

export interface ListScreenProps {
  readonly kind: ListKind;
  /** The rows shown (filtered and sorted). */
  readonly items: ItemSeq;
  /** Everything loaded for this list, whatever is filtered: column widths are measured over it. */
  readonly loaded?: ItemSeq;
  /** The natural widths of the columns' values, when measured elsewhere (then `loaded` is not measured). */
  readonly valueWidths?: Readonly<Record<string, number>>;
  readonly selected: number;
  readonly top: number;
  readonly rows: number;
  readonly width: number;
  readonly emptyText: string;
  /** Rows a watched list marks, by item id. */
  readonly marks?: ReadonlyMap<string, WatchMark>;
  /** Items a watched list found gone, drawn after the row before them (by that row's id, '' for the top). */
  readonly ghosts?: ReadonlyMap<string, readonly RawItem[]> | undefined;
  /** More rows may still be loaded (a screen reader hears "3 of 120 loaded so far"). */
  readonly more?: boolean;
  /** How many rows there are, as the status line last said it (it changes calmly while pages load). */
  readonly total?: number;
  /** The rows are the last session's (the list cache) until the service answers. */
  readonly stale?: boolean;
}

/**
 * Formatted rows of the items drawn, so a row keeps its identity while its item is loaded:
 * appending pages or moving the selection then leaves the memoised rows of unchanged items alone.
 */
const rowCache: Record<ListKind, WeakMap<RawItem, TableRow>> = { groups: new WeakMap(), pages: new WeakMap() };

function cachedRow(kind: ListKind, raw: RawItem): TableRow {
  const cache = rowCache[kind];
  let row = cache.get(raw);
  if (row === undefined) {
    row = rowFor(kind)(raw);
    cache.set(raw, row);
  }
  return row;
}

/**
 * The visible window of a list: only the rows on screen become elements, each formatted from the
 * raw item when drawn, so a list of 100,000 loaded items costs no more to draw than one of 100.
 */
export const ListScreen = memo(function ListScreen({ kind, items, loaded = items, valueWidths: measured, selected, top, rows, width, emptyText, marks, ghosts, more = false, total = items.length, stale = false }: ListScreenProps) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const measures = useRef<Record<ListKind, ColumnMeasure> | null>(null);
  // Only the drawn rows are formatted (and cached); every loaded item is measured, not formatted.
  measures.current ??= { groups: columnMeasure('groups'), pages: columnMeasure('pages') };
  const valueWidths = useMemo(() => measured ?? measures.current?.[kind].measure(loaded), [measured, kind, loaded]);
  const set = useMemo(() => columnsFor(kind, width, valueWidths), [kind, width, valueWidths]);
  // With ghosts on screen the window's lines are rows and ghosts; else simply the rows from `top`.
  const lines = useMemo<readonly WindowLine[] | undefined>(
    () => (ghosts === undefined || ghosts.size === 0 ? undefined : windowLines(kind, items, top, rows, selected, ghosts)),
    [ghosts, kind, items, top, rows, selected],
  );
  useRowsWarmed(items, top, rows);
  const data = useMemo(
    () => (lines ? lines.map((line) => cachedRow(kind, 'row' in line ? (items.at(line.row) as RawItem) : line.ghost)) : itemSlice(items, top, top + rows).map((raw) => cachedRow(kind, raw))),
    [lines, items, top, rows, kind],
  );
  const cellColor = useCallback(
    (column: string, value: unknown) => (column === 'status' ? groupStatusColor(theme, value) : undefined),
    [theme],
  );
  const rowKey = useCallback(
    (_row: TableRow, index: number) => {
      const line = lines?.[index];
      if (line === undefined) return String(top + index);
      return 'row' in line ? String(line.row) : `gone:${index}`;
    },
    [top, lines],
  );
  const rowMark = useMemo(() => {
    if ((marks === undefined || marks.size === 0) && lines === undefined) return undefined;
    const idOf = listItemId(kind);
    const markOf = (mark: WatchMark | undefined): RowMark | undefined => (mark === undefined ? undefined : { color: theme.watch[mark], char: WATCH_MARKERS[mark] });
    return (index: number): RowMark | undefined => {
      const line = lines?.[index];
      if (line !== undefined && 'ghost' in line) return markOf('gone');
      const raw = items.at(line === undefined ? top + index : line.row);
      return markOf(raw === undefined ? undefined : marks?.get(idOf(raw)));
    };
  }, [marks, kind, items, top, theme, lines]);
  if (screenReader) {
    return <SpokenList kind={kind} items={items} selected={selected} top={top} rows={rows} width={width} more={more} total={total} marks={marks} lines={lines} emptyLines={spokenEmptyLines(emptyText, width, rows)} stale={stale} />;
  }
  const selectedLine = lines ? lines.findIndex((line) => 'row' in line && line.row === selected) : selected - top;
  if (items.length === 0) {
    return (
      <Box height={rows + 1} flexDirection="column">
        <Table data={[]} columns={set.columns} headers={set.headers} widths={set.widths} maxWidth={width} />
        {emptyListLines(emptyText, width, rows).map((line, i) => (
          <Text key={i}>{line}</Text>
        ))}
      </Box>
    );
  }
  return (
    <Box height={rows + 1} flexDirection="column">
      <Table
        data={data}
        columns={set.columns}
        headers={set.headers}
        widths={set.widths}
        maxWidth={width}
        selectedIndex={selectedLine}
        cellColor={kind === 'groups' ? cellColor : undefined}
        rowKey={rowKey}
        rowMark={rowMark}
      />
    </Box>
  );
});
