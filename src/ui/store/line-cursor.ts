/**
 * A line cursor over a text shown in a window below its title (the help, the last error), for a
 * screen reader: line 0 is the title, line i the text's i-th line. A move takes the cursor, and the
 * window scrolls only when the cursor would leave it, so a step rewrites two lines, not the window.
 */
export interface LineCursor {
  readonly line: number;
  /** The text's first line shown (0-based). */
  readonly scroll: number;
}

/** The cursor `delta` lines on (±Infinity: the ends) over `total` text lines in a window of `rows`. */
export function moveLineCursor(at: LineCursor, delta: number, total: number, rows: number): LineCursor {
  const line = Math.max(0, Math.min(total, at.line + delta));
  const window = Math.max(1, rows);
  const maxScroll = Math.max(0, total - window);
  let scroll = Math.min(maxScroll, Math.max(0, at.scroll));
  if (line >= 1 && line - 1 < scroll) scroll = line - 1;
  if (line - 1 >= scroll + window) scroll = line - window;
  if (line === 0) scroll = 0;
  return { line, scroll: Math.min(maxScroll, Math.max(0, scroll)) };
}

/** The screen row of the cursor under the title (0: the title), given the window's first line. */
export const lineCursorRow = (line: number, scroll: number): number => (line === 0 ? 0 : line - scroll);
