/**
 * A drop-in for the `widest-line` package, swapped in for ink's imports at bundle time
 * (scripts/build.mjs). Ink measures every text node of every frame with it before drawing it
 * (render-node-to-output.js), and a keystroke redraws the whole screen: some forty rows, of which
 * a move changes two. The package measures with string-width, which segments any text that is not
 * plain ASCII into graphemes (an object each): over rows of long non-ASCII names that was a tenth
 * of a keystroke's CPU and much of its garbage. Here a row seen in a recent frame is not measured
 * again, and a new one is measured the way displayWidth measures (string-width's answer, faster).
 */
import { displayWidth } from '../../text/width.js';

/** Some six screens of rows: every row of the frames a key moves between, few bytes kept. */
const MAX_CACHED = 256;

/** `widestLine` over `measure` (one line's width), remembering the last `max` texts' widths. */
export function cachedWidestLine(measure: (line: string) => number, max = MAX_CACHED): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    const known = widths.get(text);
    if (known !== undefined) return known;
    let width = 0;
    for (const line of text.split('\n')) width = Math.max(width, measure(line));
    // Cleared whole rather than evicted one by one: a Map that keeps dropping and adding entries
    // moves to a new table every few of them.
    if (widths.size >= max) widths.clear();
    widths.set(text, width);
    return width;
  };
}

/** The columns of `text`'s widest line (escape sequences take none), as the widest-line package says. */
const widestLine = cachedWidestLine(displayWidth);
export default widestLine;
