import React from 'react';
import { Box, Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { helpLayout } from '../store/help-layout.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';

export interface HelpOverlayProps {
  readonly width: number;
  readonly height: number;
  /** First body line shown when the help does not fit (clamped). */
  readonly scroll?: number;
}

/**
 * The key help, generated from the binding table, by screen. Fits the given box: side by side when
 * there is room, else one column that scrolls from `scroll`.
 */
export function HelpOverlay({ width, height, scroll = 0 }: HelpOverlayProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const lines = helpLayout(width, height, scroll);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.map((line, i) => (
        <CursorIf key={i} on={screenReader && i === 0}>
          <Text wrap="truncate" bold={i === 0} {...colorProps(i === 0 ? theme.text.accent : theme.text.primary)}>
            {line === '' ? ' ' : line}
          </Text>
        </CursorIf>
      ))}
    </Box>
  );
}
