import React from 'react';
import { Box, Text } from 'ink';
import { truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { CursorIf } from '../presentation/CursorHere.js';
import { usePresentation } from '../presentation/presentation.js';

export interface ErrorScreenProps {
  /** The last error's lines, already sanitised and wrapped to `width` (store/error-view.ts). */
  readonly lines: readonly string[];
  readonly scroll: number;
  readonly width: number;
  readonly height: number;
}

/** `E`: the last error in full, a title then the lines from `scroll`. */
export function ErrorScreen({ lines, scroll, width, height }: ErrorScreenProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const body = Math.max(1, height - 1);
  const top = Math.max(0, Math.min(scroll, lines.length - body));
  const shown = lines.slice(top, top + body);
  const more = lines.length > body ? ` (lines ${top + 1}–${top + shown.length} of ${lines.length})` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <CursorIf on={screenReader}>
        <Text wrap="truncate" bold {...colorProps(theme.text.accent)}>
          {truncate(`Last error${more}`, width)}
        </Text>
      </CursorIf>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate" {...colorProps(theme.text.primary)}>
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
