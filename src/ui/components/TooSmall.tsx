import React from 'react';
import { Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { tooSmallMessage } from './too-small-text.js';

export interface TooSmallProps {
  readonly width: number;
  readonly height: number;
}

/** Shown instead of the app when the terminal is below the smallest size it lays out for. */
export function TooSmall({ width, height }: TooSmallProps): React.JSX.Element {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...colorProps(theme.status.warning)}>
      {tooSmallMessage(width, height)}
    </Text>
  );
}
