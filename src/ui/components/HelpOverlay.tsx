import React from 'react';
import { Box, Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { helpLayout } from '../store/help-layout.js';
import { lineCursorRow } from '../store/line-cursor.js';
import { CursorLineIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';

export interface HelpOverlayProps {
  readonly width: number;
  readonly height: number;
  /** First body line shown when the help does not fit (clamped). */
  readonly scroll?: number;
  /** The screen-reader mode's line cursor (0: the title; store/line-cursor.ts). */
  readonly line?: number;
}

/**
 * The key help, generated from the binding table, by screen. Fits the given box: side by side when
 * there is room, else one column that scrolls from `scroll`. For a screen reader one column always,
 * the cursor on its line cursor's line.
 */
export function HelpOverlay({ width, height, scroll = 0, line = 0 }: HelpOverlayProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const lines = helpLayout(width, height, scroll, screenReader);
  const cursorRow = screenReader ? Math.min(lines.length - 1, lineCursorRow(line, scroll)) : -1;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.map((text, i) => (
        <CursorLineIf key={i} on={i === cursorRow}>
          <Text wrap="truncate" bold={i === 0} {...colorProps(i === 0 ? theme.text.accent : theme.text.primary)}>
            {text === '' ? ' ' : text}
          </Text>
        </CursorLineIf>
      ))}
    </Box>
  );
}
