import React, { useEffect, useState } from 'react';
import { Text } from 'ink';
import { spinnerFrames } from '../../text/glyphs.js';
import { colorProps, useTheme } from '../theme/index.js';

/** 8 fps: smooth enough, and well under the 10 fps budget for full-app repaints. */
const INTERVAL_MS = 125;

/**
 * A one-column activity indicator. Only this component re-renders on each tick, and its timer
 * stops when it unmounts.
 */
export function Spinner(): React.JSX.Element {
  const theme = useTheme();
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => f + 1), INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const frames = spinnerFrames();
  return <Text {...colorProps(theme.text.accent)}>{frames[frame % frames.length]}</Text>;
}
