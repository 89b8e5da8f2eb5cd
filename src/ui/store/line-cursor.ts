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

/** Where a text opens: on its first line, below the title (which the first `k` reaches). */
export const FIRST_TEXT_LINE = 1;

/** `line`, or where a blank line is, the nearest line with words on from it in `direction` (else back the other way; else `from`). */
function nonBlank(line: number, direction: number, total: number, blank: (line: number) => boolean, from: number): number {
  if (line === 0 || !blank(line)) return line;
  const step = direction < 0 ? -1 : 1;
  for (const s of [step, -step]) {
    for (let i = line + s; i >= 1 && i <= total; i += s) if (!blank(i)) return i;
  }
  return from;
}

/**
 * The cursor `delta` lines on (±Infinity: the ends) over `total` text lines in a window of `rows`.
 * `-Infinity` goes to `opensAt`, the line the text opens on (FIRST_TEXT_LINE where that is below
 * the title). `blank(i)` (the text's i-th line, 1-based, is empty): the cursor passes over such
 * lines, which a reader would only say as "blank".
 */
function moveLineCursor(at: LineCursor, delta: number, total: number, rows: number, blank?: (line: number) => boolean, opensAt = 0): LineCursor {
  // The top (`g`) is where the text opens; a title above it is reached by a step up.
  const target = delta === Number.NEGATIVE_INFINITY ? Math.min(total, opensAt) : Math.max(0, Math.min(total, at.line + delta));
  const line = blank ? nonBlank(target, delta, total, blank, at.line) : target;
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

/** moveLineCursor over the text's `lines`, passing over the blank ones (the help, the last error, a request in full). */
export const moveTextCursor = (at: LineCursor, delta: number, lines: readonly string[], rows: number, opensAt = 0): LineCursor =>
  moveLineCursor(at, delta, lines.length, rows, (i) => lines[i - 1]?.trim() === '', opensAt);
