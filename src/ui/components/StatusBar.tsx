import React from 'react';
import { Box, Text } from 'ink';
import { colorProps, useTheme } from '../theme/index.js';
import { Spinner } from './Spinner.js';
import type { StatusMessage } from '../store/status-message.js';
import { layoutStatus } from './status-format.js';
import { FrameMarked } from './FrameMarked.js';

export interface StatusBarProps {
  readonly width: number;
  readonly message?: StatusMessage;
  /** Progress text, right-aligned: 'all 120 loaded', '1,234 loaded, more available'. */
  readonly right?: string;
  /** Show a spinner before the message (work in progress). */
  readonly spinner?: boolean;
  /** Moves the spinner instead of its own timer (see Spinner's `step`). */
  readonly spinnerStep?: number;
  /** The line says Esc stops something under way (marked in the frame: render/frame-mark.ts). */
  readonly escStops?: boolean;
  /** `right` is a way out: the message is cut to leave it room (see layoutStatus). */
  readonly rightFirst?: boolean;
}

const SPINNER_WIDTH = 2;

/**
 * The status bar: one line, the message coloured by its tone, progress on the right (dropped
 * before any of the message). The line below it belongs to the key hints, whatever the message.
 * Presentational: the store decides which message to show.
 */
export function StatusBar({ width, message, right, spinner = false, spinnerStep, escStops = false, rightFirst = false }: StatusBarProps): React.JSX.Element {
  const theme = useTheme();
  const textWidth = spinner ? Math.max(0, width - SPINNER_WIDTH) : width;
  const lines = layoutStatus(message, right, textWidth, rightFirst);
  const toneColor = message ? theme.status[message.tone] : '';
  if (lines.length === 0) {
    return (
      <Box height={1}>
        <FrameMarked status escStops={escStops}>{spinner ? <Spinner step={spinnerStep} /> : ' '}</FrameMarked>
      </Box>
    );
  }
  const line = lines[0] ?? { message: '', right: '' };
  return (
    <Box height={1}>
      <FrameMarked status escStops={escStops}>
        {spinner && <Spinner step={spinnerStep} />}
        {spinner && ' '}
        <Text {...colorProps(toneColor)}>{line.message}</Text>
        <Text {...colorProps(theme.text.secondary)}>{line.right}</Text>
      </FrameMarked>
    </Box>
  );
}
