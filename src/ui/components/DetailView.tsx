import React, { useMemo } from 'react';
import { Box, Text } from 'ink';
import { displayWidth, fit } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { detailLines, detailMaxScroll } from './detail-lines.js';

export interface DetailViewProps {
  readonly title: string;
  readonly record: Readonly<Record<string, unknown>>;
  readonly width: number;
  /** Rows available, title line included. */
  readonly height: number;
  /** First body line shown; clamped to the content. */
  readonly scroll: number;
}

/**
 * All fields of one record, scrollable. The title line shows the position and ▲/▼ when lines are
 * hidden above or below. The caller owns `scroll` (use `detailMaxScroll` to bound it).
 */
export function DetailView({ title, record, width, height, scroll }: DetailViewProps): React.JSX.Element {
  const theme = useTheme();
  const lines = useMemo(() => detailLines(record, width), [record, width]);
  const body = Math.max(0, height - 1);
  const top = Math.min(Math.max(0, Math.floor(scroll)), detailMaxScroll(lines.length, height));
  const visible = lines.slice(top, top + body);
  const clipped = lines.length > body;
  const position = clipped
    ? ` ${top + 1}–${top + visible.length}/${lines.length} ${top > 0 ? '▲' : ' '}${top + body < lines.length ? '▼' : ' '}`
    : '';
  const positionWidth = displayWidth(position) > width ? 0 : displayWidth(position);
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Text bold {...colorProps(theme.text.accent)}>
          {fit(title, width - positionWidth)}
        </Text>
        <Text {...colorProps(theme.text.secondary)}>{positionWidth > 0 ? position : ''}</Text>
      </Text>
      {visible.map((line, i) => (
        <Text key={top + i} wrap="truncate" {...colorProps(theme.text.primary)}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
