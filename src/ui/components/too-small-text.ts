import { truncate } from '../../text/index.js';

/** The smallest terminal pagetui lays out its screens for. */
const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

/** The notice shown instead of the app below MIN_COLUMNS × MIN_ROWS, cut to the width. */
export function tooSmallMessage(width: number, height: number): string {
  return truncate(`Terminal too small (${width}x${height}); pagetui needs at least ${MIN_COLUMNS}x${MIN_ROWS}.`, width);
}
