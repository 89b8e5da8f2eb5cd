import { Box, Text } from 'ink';
import { memo } from 'react';
import { listItemId } from '../../api/pager/list-pager.js';
import type { ItemSeq, RawItem } from '../../api/types.js';
import { CursorHere } from './CursorHere.js';
import type { ListKind } from '../store/list/list-view.js';
import type { WindowLine } from '../store/reload/watch-ghosts.js';
import type { WatchMark } from '../store/reload/watch-state.js';
import { colorProps, useTheme } from '../theme/index.js';
import { spokenRow } from './spoken-row.js';

export interface SpokenListProps {
  readonly kind: ListKind;
  readonly items: ItemSeq;
  readonly selected: number;
  readonly top: number;
  readonly rows: number;
  readonly width: number;
  /** More rows may be loaded after these (the total is then "so far"). */
  readonly more: boolean;
  /** The rows' count as last said (it changes calmly while pages load). */
  readonly total: number;
  readonly marks?: ReadonlyMap<string, WatchMark>;
  /** The window's lines when a watched list shows rows that went (see windowLines). */
  readonly lines?: readonly WindowLine[];
  /** Said in the list area when there is no row. */
  readonly emptyLines: readonly string[];
  /** The rows are the last session's, until the service answers (the selected row says so). */
  readonly stale?: boolean;
}

/** The cursor rests at the start of this line (cursor-anchor.ts). */
const CursorLine = memo(function CursorLine({ text, column = 0, bold = false }: { text: string; column?: number; bold?: boolean }) {
  const theme = useTheme();
  const { bg, fg, inverse } = theme.selection;
  return (
    <CursorHere column={column}>
      <Text wrap="truncate" bold={bold} inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
        {text === '' ? ' ' : text}
      </Text>
    </CursorHere>
  );
});

const PlainLine = memo(function PlainLine({ text }: { text: string }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...colorProps(theme.text.primary)}>
      {text === '' ? ' ' : text}
    </Text>
  );
});

/**
 * The list for a screen reader: one sentence a row, the selected one carrying its place ("3 of
 * 120") and the cursor. Its total is the status line's, which changes at most every CALM_MS
 * while pages load, so a load in the background writes nothing between.
 */
export function SpokenList({ kind, items, selected, top, rows, width, more, total, marks, lines, emptyLines, stale = false }: SpokenListProps) {
  const idOf = listItemId(kind);
  const caption = kind === 'groups' ? 'Page groups' : 'Pages';
  if (items.length === 0) {
    return (
      <Box height={rows + 1} flexDirection="column">
        <PlainLine text={caption} />
        {emptyLines.map((line, i) => (i === 0 ? <CursorLine key={i} text={line} /> : <PlainLine key={i} text={line} />))}
      </Box>
    );
  }
  const window: readonly WindowLine[] = lines ?? Array.from({ length: Math.max(0, Math.min(rows, items.length - top)) }, (_, i) => ({ row: top + i }));
  return (
    <Box height={rows + 1} flexDirection="column">
      <PlainLine text={caption} />
      {window.map((line, i) => {
        if ('ghost' in line) return <PlainLine key={`gone:${i}`} text={spokenRow(kind, line.ghost, width, { mark: 'gone' })} />;
        const raw = items.at(line.row) as RawItem | undefined;
        if (raw === undefined) return null;
        const mark = marks?.get(idOf(raw));
        if (line.row !== selected) return <PlainLine key={line.row} text={spokenRow(kind, raw, width, mark ? { mark } : {})} />;
        const position = { index: line.row + 1, total: Math.max(total, line.row + 1), more, stale };
        return <CursorLine key={line.row} text={spokenRow(kind, raw, width, { ...(mark ? { mark } : {}), position })} />;
      })}
    </Box>
  );
}
