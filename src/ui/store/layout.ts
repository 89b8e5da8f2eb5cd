/** Screen geometry shared by the store (for paging) and the screens (for drawing). */
import type { InputBar } from './prompts/input-bar.js';

const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

/** Lines around the list: header, column headings, two status lines, and one spare line so the
 * frame stays shorter than the terminal (ink clears the whole screen otherwise). */
const CHROME_ROWS = 5;

export const isTooSmall = (columns: number, rows: number) => columns < MIN_COLUMNS || rows < MIN_ROWS;

/** Rows for the list's body, and for the detail view's (its title line takes the column headings' place). */
export const listRows = (rows: number) => Math.max(1, rows - CHROME_ROWS);

/** Rows of the list's window: its body, less the line of an open input bar. */
export const windowRows = (rows: number, input: InputBar | null) => Math.max(1, listRows(rows) - (input ? 1 : 0));
