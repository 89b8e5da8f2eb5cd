import React from 'react';
import { Box, Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { helpLayout } from './help-layout.js';

export interface HelpOverlayProps {
  readonly width: number;
  readonly height: number;
}

/**
 * The key help, generated from the binding table. Fits the given box: more columns when short,
 * cut cleanly with a note when the terminal is too small for all of it.
 */
export function HelpOverlay({ width, height }: HelpOverlayProps): React.JSX.Element {
  const theme = useTheme();
  const lines = helpLayout(width, height);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate" bold={i === 0} {...colorProps(i === 0 ? theme.text.accent : theme.text.primary)}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
