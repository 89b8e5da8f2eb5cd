import React from 'react';
import { Text } from 'ink';
import { truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';

/** The smallest terminal pagetui lays out its screens for. */
const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

export interface TooSmallProps {
  readonly width: number;
  readonly height: number;
}

/** The notice text, cut to the width. */
function tooSmallMessage(width: number, height: number): string {
  return truncate(
    `Terminal too small (${width}x${height}); pagetui needs at least ${MIN_COLUMNS}x${MIN_ROWS}.`,
    width,
  );
}

/** Shown instead of the app when the terminal is below MIN_COLUMNS × MIN_ROWS. */
export function TooSmall({ width, height }: TooSmallProps): React.JSX.Element {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...colorProps(theme.status.warning)}>
      {tooSmallMessage(width, height)}
    </Text>
  );
}
