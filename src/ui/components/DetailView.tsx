import React, { useMemo } from 'react';
import { Box, Text } from 'ink';
import { spokenLineRange } from '../../text/count.js';
import { displayWidth, fit, sanitize, truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { detailLayout, detailMaxScroll, detailTextWidth } from '../store/details/detail-lines.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';

export interface DetailViewProps {
  readonly title: string;
  readonly record: Readonly<Record<string, unknown>>;
  readonly width: number;
  /** Rows available, title line included. */
  readonly height: number;
  /** First body line shown; clamped to the content. */
  readonly scroll: number;
  /** The selected field (index in the record's order), drawn as the list draws its selected row. */
  readonly field?: number;
}

/**
 * All fields of one record, scrollable, with one field selected. The title line shows the position
 * and ▲/▼ when lines are hidden above or below. The caller owns `scroll` and `field`.
 */
export function DetailView({ title, record, width, height, scroll, field }: DetailViewProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const { bg, fg, inverse, marker } = theme.selection;
  // Where reverse video may not show (no colours), a marker in a gutter shows the selected field.
  const textWidth = field === undefined ? width : detailTextWidth(width, marker);
  const gutter = width - textWidth;
  const { lines, starts } = useMemo(() => detailLayout(record, textWidth, screenReader), [record, textWidth, screenReader]);
  const body = Math.max(0, height - 1);
  const top = Math.min(Math.max(0, Math.floor(scroll)), detailMaxScroll(lines.length, height));
  const visible = lines.slice(top, top + body);
  const clipped = lines.length > body;
  const position = !clipped
    ? ''
    : screenReader
      ? `, ${spokenLineRange(top + 1, top + visible.length, lines.length)}`
      : ` ${top + 1}–${top + visible.length}/${lines.length} ${top > 0 ? '▲' : ' '}${top + body < lines.length ? '▼' : ' '}`;
  const positionWidth = displayWidth(position) > width ? 0 : displayWidth(position);
  const selected = field === undefined ? undefined : Math.min(Math.max(0, field), starts.length - 1);
  const from = selected === undefined ? -1 : (starts[selected] ?? -1);
  const to = selected === undefined ? -1 : (starts[selected + 1] ?? lines.length);
  const pad = ' '.repeat(gutter);
  // The cursor: the selected field's first line in view, else the title.
  const cursorLine = screenReader ? visible.findIndex((_, i) => top + i >= from && top + i < to) : -1;
  return (
    <Box flexDirection="column" height={height}>
      <CursorIf on={screenReader && cursorLine < 0}>
        <Text wrap="truncate">
          <Text bold {...colorProps(theme.text.accent)}>
            {/* Read as one sentence: the place follows the title, not after a run of spaces. */}
            {screenReader ? truncate(sanitize(title).trimEnd(), width - positionWidth) : fit(title, width - positionWidth)}
          </Text>
          <Text {...colorProps(theme.text.secondary)}>{positionWidth > 0 ? position : ''}</Text>
        </Text>
      </CursorIf>
      {visible.map((line, i) =>
        top + i >= from && top + i < to ? (
          <CursorIf key={top + i} on={i === cursorLine} column={gutter}>
            <Text wrap="truncate" inverse={inverse} {...colorProps(fg)} {...(bg ? { backgroundColor: bg } : {})}>
              {gutter > 0 ? (top + i === from ? `${marker} ` : pad) : ''}
              {line === '' ? ' ' : line}
            </Text>
          </CursorIf>
        ) : (
          <Text key={top + i} wrap="truncate" {...colorProps(theme.text.primary)}>
            {pad}
            {line === '' ? ' ' : line}
          </Text>
        ),
      )}
    </Box>
  );
}
