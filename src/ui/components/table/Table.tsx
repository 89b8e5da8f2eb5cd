import React, { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { colorProps, useTheme, type Theme } from '../../theme/index.js';
import {
  formatCells,
  formatHeader,
  gutterText,
  layoutColumns,
  type TableLayout,
  type TableRow,
} from './layout.js';

/** Picks a colour for one cell, e.g. by status; '' or undefined means the default colour. */
export type CellColor = (column: string, value: unknown, row: TableRow) => string | undefined;

export interface TableProps {
  /** The rows to draw (already windowed by the caller; every row given is drawn). */
  readonly data: readonly TableRow[];
  /** Keys to show, in order; default: the keys of the first row. */
  readonly columns?: readonly string[];
  /** Spaces on each side of a cell (default 1). */
  readonly padding?: number;
  /** Fixed content widths per column, so columns do not jump while scrolling. */
  readonly widths?: Readonly<Record<string, number>>;
  /** Total width; columns sized from their data shrink first, the last first (see layoutColumns). */
  readonly maxWidth?: number;
  /** Header text per column key (default: the key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Index into `data` of the highlighted row. */
  readonly selectedIndex?: number;
  /** Per-cell colour; keep its identity stable (useCallback) so rows stay memoised. */
  readonly cellColor?: CellColor;
  /** Draw the header line (default true). */
  readonly showHeader?: boolean;
  /** React key per row (default: the index); stable ids let unchanged rows skip re-rendering. */
  readonly rowKey?: (row: TableRow, index: number) => string;
  /** A mark per row (a watched list's changes): its colour, and a gutter character when there is a gutter. */
  readonly rowMark?: (index: number) => RowMark | undefined;
}

export interface RowMark {
  readonly color: string;
  readonly char: string;
}

interface RowProps {
  readonly row: TableRow;
  readonly layout: TableLayout;
  readonly selected: boolean;
  readonly theme: Theme;
  readonly cellColor: CellColor | undefined;
  readonly mark: RowMark | undefined;
}

/** One table row as a single `<Text>` line. Memoised: re-renders only when its inputs change. */
const TableRowLine = memo(function TableRowLine({ row, layout, selected, theme, cellColor, mark }: RowProps) {
  const cells = formatCells(row, layout);
  const gutter = !selected && mark?.char && layout.gutter > 0 ? mark.char.padEnd(layout.gutter) : gutterText(layout, theme.selection.marker, selected);
  if (selected) {
    const { bg, fg, inverse } = theme.selection;
    return (
      <Text wrap="truncate" inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
        {gutter}
        {cells.join('')}
      </Text>
    );
  }
  if (mark?.color) {
    return (
      <Text wrap="truncate" color={mark.color}>
        {gutter}
        {cells.join('')}
      </Text>
    );
  }
  return (
    <Text wrap="truncate" {...colorProps(theme.text.primary)}>
      {gutter}
      {cells.map((cell, i) => {
        const key = layout.columns[i]?.key ?? '';
        const color = cellColor?.(key, row[key], row);
        return color ? (
          <Text key={key} color={color}>
            {cell}
          </Text>
        ) : (
          cell
        );
      })}
    </Text>
  );
});

/**
 * A borderless table in the spirit of ink-table, drawn one line per row. Every cell is sanitised,
 * cut to its column by display width (with '…') and padded, so server text can neither break
 * the layout nor send escape sequences to the terminal.
 */
export function Table({
  data,
  columns,
  padding = 1,
  widths,
  maxWidth,
  headers,
  selectedIndex,
  cellColor,
  showHeader = true,
  rowKey,
  rowMark,
}: TableProps): React.JSX.Element {
  const theme = useTheme();
  const gutter = theme.selection.marker === '' ? 0 : 1;
  const computed = useMemo(
    () => layoutColumns({ data, columns, headers, widths, maxWidth, padding, gutter }),
    [data, columns, headers, widths, maxWidth, padding, gutter],
  );
  // Keep the same layout object while the widths are unchanged, so memoised rows stay valid
  // when rows are appended or the window scrolls (hence `computed` is left out of the deps).
  const signature = `${computed.padding}|${computed.gutter}|${computed.columns.map((c) => `${c.key}\u0000${c.header}\u0000${c.width}`).join('\u0001')}`;
  const layout = useMemo(() => computed, [signature]);

  return (
    <Box flexDirection="column">
      {showHeader && (
        <Text wrap="truncate" bold {...colorProps(theme.text.secondary)}>
          {formatHeader(layout)}
        </Text>
      )}
      {data.map((row, index) => (
        <TableRowLine
          key={rowKey ? rowKey(row, index) : index}
          row={row}
          layout={layout}
          selected={index === selectedIndex}
          theme={theme}
          cellColor={cellColor}
          mark={rowMark?.(index)}
        />
      ))}
    </Box>
  );
}

