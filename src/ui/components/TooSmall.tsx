import React from 'react';
import { Box, Text } from 'ink';
import { usePresentation } from '../presentation/presentation.js';
import { colorProps, useTheme } from '../theme/index.js';
import { tooSmallLines } from './too-small-text.js';

export interface TooSmallProps {
  readonly width: number;
  readonly height: number;
}

/** Shown instead of the app when the terminal is below the smallest size it lays out for. */
export function TooSmall({ width, height }: TooSmallProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  return (
    <Box flexDirection="column">
      {tooSmallLines(width, height, screenReader).map((line, i) => (
        <Text key={i} wrap="truncate" {...colorProps(theme.status.warning)}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
