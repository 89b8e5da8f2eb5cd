import React, { useMemo } from 'react';
import { Box, Text } from 'ink';
import { type Exchange, type ExchangeLog } from '../../api/inspector/exchange-log.js';
import { displayWidth, fit, sanitize, truncate } from '../../text/index.js';
import { exchangeLinesCached, exchangeRow, exchangeTitle } from '../store/inspector/inspector-lines.js';
import { newestFirst } from '../store/inspector/inspector-flow.js';
import type { InspectorState } from '../store/inspector/inspector-state.js';
import { colorProps, useTheme } from '../theme/index.js';
import { CursorHere, CursorIf, CursorLineIf } from '../presentation/CursorHere.js';
import { lineCursorRow } from '../store/line-cursor.js';
import { spokenExchange, spokenExchangeTitle } from '../presentation/spoken-exchange.js';
import { spokenWindowTop } from '../store/inspector/inspector-state.js';
import { CALM_MS, usePresentation } from '../presentation/presentation.js';
import { useCalmValue } from '../presentation/use-calm-value.js';

/** An exchange drawn in the error colour: no response, an error status, or a success whose body was no list. */
const failed = (e: Exchange): boolean => e.status === 0 || e.status >= 400 || e.bodyError !== undefined;

export interface InspectorScreenProps {
  readonly log: ExchangeLog;
  readonly state: InspectorState;
  readonly width: number;
  /** Rows available, title line included. */
  readonly height: number;
}

/**
 * The HTTP inspector: the run's last requests, newest first, or one of them in full. Only the
 * rows and lines that fit are drawn, however long the list or the body.
 */
export function InspectorScreen({ log, state, width, height }: InspectorScreenProps): React.JSX.Element {
  const exchanges = useCalmExchanges(log, state);
  const index = Math.max(0, exchanges.findIndex((e) => e.seq === state.selectedSeq));
  const selected = exchanges[index];
  if (state.view === 'exchange' && selected) return <ExchangeView exchange={selected} width={width} height={height} scroll={state.scroll} line={state.line ?? 0} />;
  return <ExchangeList exchanges={exchanges} selected={index} topSeq={state.topSeq} width={width} height={height} />;
}

/**
 * The requests listed: without motion (a screen reader's, `--reduce-motion`) the list and its
 * counts change at most every CALM_MS, from the moment it opens, so a load's requests neither
 * rewrite the selected line nor move it several times a second. A selection outside the list
 * shown (`k` above its newest request) brings the newest list at once.
 */
function useCalmExchanges(log: ExchangeLog, state: InspectorState): readonly Exchange[] {
  const { reduceMotion } = usePresentation();
  const { logVersion, selectedSeq } = state;
  // logVersion is what says the log changed (the log itself is the same object throughout).
  const live = useMemo(() => newestFirst(log), [log, logVersion]);
  const selectionMissing = (shown: readonly Exchange[]) => shown.length === 0 || (selectedSeq !== undefined && !shown.some((e) => e.seq === selectedSeq));
  return useCalmValue<readonly Exchange[]>(live, reduceMotion, CALM_MS, selectionMissing, true);
}

function Title({ text, position, width, cursor = false }: { text: string; position: string; width: number; cursor?: boolean }) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const positionWidth = displayWidth(position) > width ? 0 : displayWidth(position);
  return (
    <CursorIf on={cursor}>
      <Text wrap="truncate">
        {/* For a screen reader the place follows the title, not after a run of spaces. */}
        <Text bold {...colorProps(theme.text.accent)}>{screenReader ? truncate(sanitize(text).trimEnd(), width - positionWidth) : fit(text, width - positionWidth)}</Text>
        <Text {...colorProps(theme.text.secondary)}>{positionWidth > 0 ? position : ''}</Text>
      </Text>
    </CursorIf>
  );
}

function ExchangeList({ exchanges, selected, topSeq, width, height }: { exchanges: readonly Exchange[]; selected: number; topSeq: number | undefined; width: number; height: number }) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const { bg, fg, inverse, marker } = theme.selection;
  const gutter = marker === '' ? '' : `${marker} `;
  const pad = ' '.repeat(displayWidth(gutter));
  const body = Math.max(1, height - 1);
  // The selection is kept mid-window, so it stays in view as new requests arrive at the top.
  const top = Math.max(0, Math.min(selected - Math.floor(body / 2), exchanges.length - body));
  const shown = exchanges.slice(top, top + body);
  const title = `HTTP inspector${screenReader ? ',' : ' ·'} ${exchanges.length} request${exchanges.length === 1 ? '' : 's'} (newest first)`;
  return (
    <Box flexDirection="column" height={height}>
      <Title text={title} position={exchanges.length === 0 ? '' : screenReader ? `, ${selected + 1} of ${exchanges.length}` : ` ${selected + 1}/${exchanges.length}`} width={width} cursor={screenReader && exchanges.length === 0} />
      {exchanges.length === 0 ? <Text {...colorProps(theme.text.secondary)}>No request has been sent yet.</Text> : null}
      {screenReader
        ? <SpokenExchanges exchanges={exchanges} selected={selected} topSeq={topSeq} width={width} rows={body} />
        : shown.map((e, i) =>
        top + i === selected ? (
          <CursorIf key={e.seq} on={screenReader} column={displayWidth(gutter)}>
            <Text wrap="truncate" inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
              {gutter}
              {exchangeRow(e, width - displayWidth(gutter))}
            </Text>
          </CursorIf>
        ) : (
          <Text key={e.seq} wrap="truncate" {...colorProps(failed(e) ? theme.status.error : theme.text.primary)}>
            {pad}
            {exchangeRow(e, width - pad.length)}
          </Text>
        ),
      )}
    </Box>
  );
}

/**
 * The requests as sentences for a screen reader, one line each (the selected one saying its place,
 * the cursor on it). The window keeps its first request (`topSeq`) and scrolls only when the
 * selection would leave it, so each step moves the cursor to the request it reaches.
 */
function SpokenExchanges({ exchanges, selected, topSeq, width, rows }: { exchanges: readonly Exchange[]; selected: number; topSeq: number | undefined; width: number; rows: number }) {
  const theme = useTheme();
  const { bg, fg, inverse } = theme.selection;
  const top = spokenWindowTop(exchanges.map((e) => e.seq), selected, topSeq, rows);
  const place = { index: selected + 1, total: exchanges.length };
  return (
    <>
      {exchanges.slice(top, top + rows).map((e, i) =>
        top + i === selected ? (
          <CursorHere key={e.seq}>
            <Text wrap="truncate" inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
              {spokenExchange(e, width, place)}
            </Text>
          </CursorHere>
        ) : (
          <Text key={e.seq} wrap="truncate" {...colorProps(failed(e) ? theme.status.error : theme.text.primary)}>
            {spokenExchange(e, width)}
          </Text>
        ),
      )}
    </>
  );
}

/** One request in full: a title, then its lines from `scroll`; for a screen reader, the cursor on `line` (0: the title). */
function ExchangeView({ exchange, width, height, scroll, line }: { exchange: Exchange; width: number; height: number; scroll: number; line: number }) {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const lines = exchangeLinesCached(exchange, width, screenReader);
  const body = Math.max(1, height - 1);
  const top = Math.min(Math.max(0, scroll), Math.max(0, lines.length - body));
  const visible = lines.slice(top, top + body);
  const cursorRow = screenReader ? Math.min(visible.length, lineCursorRow(line, top)) : -1;
  const clipped = lines.length > body;
  const position = !clipped ? '' : ` ${top + 1}–${top + visible.length}/${lines.length} ${top > 0 ? '▲' : ' '}${top + body < lines.length ? '▼' : ' '}`;
  const spokenWindow = clipped ? { first: top + 1, last: top + visible.length, total: lines.length } : undefined;
  return (
    <Box flexDirection="column" height={height}>
      {screenReader
        ? <Title text={spokenExchangeTitle(exchange, spokenWindow, width)} position="" width={width} cursor={cursorRow === 0} />
        : <Title text={exchangeTitle(exchange)} position={position} width={width} />}
      {visible.map((text, i) => (
        <CursorLineIf key={top + i} on={cursorRow === i + 1}>
          <Text wrap="truncate" {...colorProps(theme.text.primary)}>
            {text === '' ? ' ' : text}
          </Text>
        </CursorLineIf>
      ))}
    </Box>
  );
}
