import { displayWidth, truncate, wrap } from '../../text/index.js';

/** The smallest terminal pagetui lays out its screens for. */
const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

/**
 * The notice shown instead of the app below MIN_COLUMNS × MIN_ROWS, as lines that fit: the whole
 * sentence wrapped when it fits in the lines there are (one less than the terminal's, as every
 * frame), else a shorter one, down to a cut "Too small" in a terminal of one cell. No word is
 * broken: a form goes whole or not at all. `oneLine` (the screen-reader mode, where "read current
 * line" reads the cursor's line) takes the longest form that fits on one line first.
 */
export function tooSmallLines(width: number, height: number, oneLine = false): string[] {
  const w = Math.max(1, Math.floor(width));
  const rows = Math.max(1, Math.floor(height) - 1);
  const short = [`Too small (${width}x${height}); needs ${MIN_COLUMNS}x${MIN_ROWS}.`, `Too small; needs ${MIN_COLUMNS}x${MIN_ROWS}.`, 'Too small.'];
  const forms = [`Terminal too small (${width}x${height}); pagetui needs at least ${MIN_COLUMNS}x${MIN_ROWS}.`, ...short];
  // One wording at every size: the long form on one line in a wide terminal would read unlike the short one in a narrow one.
  const single = oneLine ? short.find((form) => displayWidth(form) <= w) : undefined;
  if (single !== undefined) return [single];
  for (const form of forms) {
    const lines = wrap(form, w);
    if (lines.length <= rows && form.split(' ').every((word) => displayWidth(word) <= w)) return lines;
  }
  return [truncate('Too small', w)];
}
