import React, { useEffect, useRef, useState } from 'react';
import { Text } from 'ink';
import { spinnerFrames } from '../../text/glyphs.js';
import { colorProps, useTheme } from '../theme/index.js';

/** 8 fps: smooth enough, and well under the 10 fps budget for full-app repaints. */
const INTERVAL_MS = 125;

export interface SpinnerProps {
  /**
   * While the screen is redrawn anyway (a whole list loading), the spinner moves one frame each
   * time this value changes and runs no timer: each tick of its own would be a full Ink render
   * of its own, at a moment that can delay the next response.
   */
  readonly step?: number;
}

/**
 * A one-column activity indicator. Only this component re-renders on each tick, and its timer
 * stops when it unmounts.
 */
export function Spinner({ step }: SpinnerProps): React.JSX.Element {
  const theme = useTheme();
  const [frame, setFrame] = useState(0);
  const stepped = useRef({ step, frame: 0 });
  if (step !== undefined && stepped.current.step !== step) stepped.current = { step, frame: stepped.current.frame + 1 };
  const timed = step === undefined;
  useEffect(() => {
    if (!timed) return;
    const timer = setInterval(() => setFrame((f) => f + 1), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [timed]);
  const shown = timed ? frame : stepped.current.frame;
  const frames = spinnerFrames();
  return <Text {...colorProps(theme.text.accent)}>{frames[shown % frames.length]}</Text>;
}
