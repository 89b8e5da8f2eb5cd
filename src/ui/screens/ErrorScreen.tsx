import React from 'react';
import { Box, Text } from 'ink';
import { spokenLineRange } from '../../text/count.js';
import { truncate } from '../../text/index.js';
import { colorProps, useTheme } from '../theme/index.js';
import { CursorLineIf } from '../presentation/CursorHere.js';
import { lineCursorRow } from '../store/line-cursor.js';
import { usePresentation } from '../presentation/presentation.js';

export interface ErrorScreenProps {
  /** The last error's lines, already sanitised and wrapped to `width` (store/error-view.ts). */
  readonly lines: readonly string[];
  readonly scroll: number;
  /** The screen-reader mode's line cursor (0: the title; store/line-cursor.ts). */
  readonly line?: number;
  readonly width: number;
  readonly height: number;
}

/** `E`: the last error in full, a title then the lines from `scroll`; for a screen reader, the cursor on `line`. */
export function ErrorScreen({ lines, scroll, line = 0, width, height }: ErrorScreenProps): React.JSX.Element {
  const theme = useTheme();
  const { screenReader } = usePresentation();
  const body = Math.max(1, height - 1);
  const top = Math.max(0, Math.min(scroll, lines.length - body));
  const shown = lines.slice(top, top + body);
  const cursorRow = screenReader ? Math.min(shown.length, lineCursorRow(line, top)) : -1;
  const clipped = lines.length > body;
  const more = !clipped ? '' : screenReader ? `, ${spokenLineRange(top + 1, top + shown.length, lines.length)}` : ` (lines ${top + 1}–${top + shown.length} of ${lines.length})`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <CursorLineIf on={cursorRow === 0}>
        <Text wrap="truncate" bold {...colorProps(theme.text.accent)}>
          {truncate(`Last error${more}`, width)}
        </Text>
      </CursorLineIf>
      {shown.map((text, i) => (
        <CursorLineIf key={i} on={cursorRow === i + 1}>
          <Text wrap="truncate" {...colorProps(theme.text.primary)}>
            {text === '' ? ' ' : text}
          </Text>
        </CursorLineIf>
      ))}
    </Box>
  );
}
