/**
 * Pure layout of the help overlay: the key table by screen, side by side when every section fits,
 * else one column that scrolls.
 */
import { spokenLineRange } from '../../text/count.js';
import { displayWidth, padEnd, truncate, wrap } from '../../text/index.js';
import { helpSections, keyIn, type HelpSection } from '../keys/index.js';
import { wrapSpoken } from '../presentation/spoken-wrap.js';

/** The help's title, naming the keys in effect that close it; `place` (where in the text) said before them. */
const helpTitle = (place = ''): string => `Keys${place}${place === '' ? '  ' : ' '}(${keyIn('help', 'help') || keyIn('closeHelp', 'help')} or ${keyIn('back', 'help')} to close)`;
const COLUMN_GAP = 3;
/** Notes wrap to this width when sections sit side by side, so one note does not widen its column. */
const NOTE_WIDTH = 44;

/** A section's lines: its title, its keys with labels aligned, then its notes wrapped to `noteWidth`. */
function sectionLines(section: HelpSection, noteWidth: number): string[] {
  const labelWidth = Math.max(0, ...section.rows.map((r) => displayWidth(r.label)));
  return [
    section.title,
    ...section.rows.map((r) => `  ${padEnd(r.label, labelWidth)}  ${r.description}`),
    ...section.notes.flatMap((note) => wrap(note, Math.max(1, noteWidth - 2)).map((l) => `  ${l}`)),
  ];
}

/** A meaning narrower than this goes on the lines under its key instead of beside it. */
const MIN_MEANING = 16;

/**
 * A section in one column of `w` columns, no word cut: a meaning too long for its line goes on
 * under itself (its key's column left blank), or under the key where the keys leave it too little
 * room; titles and notes wrap. `spoken`: a line that breaks a sentence ends in "…".
 */
function narrowSectionLines(section: HelpSection, w: number, spoken: boolean): string[] {
  const labelWidth = Math.max(0, ...section.rows.map((r) => displayWidth(r.label)));
  const indented = (text: string, indent: number): string[] => wrapSpoken(text, Math.max(1, w - indent), spoken).map((l) => `${' '.repeat(indent)}${l}`);
  const besideRoom = w - 4 - labelWidth;
  return [
    ...wrapSpoken(section.title, w, spoken),
    ...section.rows.flatMap((r) => {
      const line = `  ${padEnd(r.label, labelWidth)}  ${r.description}`;
      if (displayWidth(line) <= w) return [line];
      if (besideRoom < MIN_MEANING) return [...indented(r.label, 2), ...indented(r.description, 4)];
      const [first = '', ...rest] = wrapSpoken(r.description, besideRoom, spoken);
      return [`  ${padEnd(r.label, labelWidth)}  ${first}`, ...rest.map((l) => `${' '.repeat(4 + labelWidth)}${l}`)];
    }),
    ...section.notes.flatMap((note) => indented(note, 2)),
  ];
}

/** Whole sections packed into columns of `height` lines; undefined when a section is taller. */
function packColumns(blocks: readonly string[][], height: number): string[][] | undefined {
  const columns: string[][] = [];
  let column: string[] = [];
  for (const block of blocks) {
    if (block.length > height) return undefined;
    const needed = column.length === 0 ? block.length : column.length + 1 + block.length;
    if (needed > height) {
      columns.push(column);
      column = [...block];
    } else {
      column = column.length === 0 ? [...block] : [...column, '', ...block];
    }
  }
  if (column.length > 0) columns.push(column);
  return columns;
}

/** Columns joined side by side, or undefined when they do not fit `width`. */
function sideBySide(columns: readonly string[][], width: number): string[] | undefined {
  const widths = columns.map((c) => Math.max(0, ...c.map((l) => displayWidth(l))));
  const total = widths.reduce((sum, w) => sum + w, 0) + COLUMN_GAP * (columns.length - 1);
  if (total > width) return undefined;
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const line = columns
      .map((c, i) => (i === columns.length - 1 ? (c[r] ?? '') : padEnd(c[r] ?? '', (widths[i] ?? 0) + COLUMN_GAP)))
      .join('');
    lines.push(line.trimEnd());
  }
  return lines;
}

/**
 * The help body (title excluded), before scrolling: side by side when that fits, else one long
 * column. `oneColumn` (the screen-reader mode: a line read aloud says one key) always one column.
 */
function helpBody(w: number, bodyRows: number, sections: readonly HelpSection[], oneColumn = false): string[] {
  const packed = oneColumn ? undefined : packColumns(sections.map((s) => sectionLines(s, NOTE_WIDTH)), bodyRows);
  const fitted = packed && sideBySide(packed, w);
  if (fitted) return fitted;
  return sections.flatMap((s, i) => [...(i > 0 ? [''] : []), ...narrowSectionLines(s, w, oneColumn)]).map((l) => truncate(l, w));
}

/** The largest useful scroll offset of the help in a `width` x `height` box. */
export function helpMaxScroll(width: number, height: number, oneColumn = false, sections: readonly HelpSection[] = helpSections()): number {
  const body = Math.max(0, Math.floor(height) - 1);
  return Math.max(0, helpLength(width, height, oneColumn, sections) - body);
}

/** How many lines the help's body has in a `width` x `height` box (title excluded). */
function helpLength(width: number, height: number, oneColumn = false, sections: readonly HelpSection[] = helpSections()): number {
  return helpText(width, height, oneColumn, sections).length;
}

/** The help's body lines in a `width` x `height` box (title excluded), before scrolling. */
export function helpText(width: number, height: number, oneColumn = false, sections: readonly HelpSection[] = helpSections()): string[] {
  const body = Math.max(0, Math.floor(height) - 1);
  return body === 0 ? [] : helpBody(Math.max(0, Math.floor(width)), body, sections, oneColumn);
}

/**
 * The help overlay as lines: a title, then the keys of each screen and prompt. At most `height`
 * lines of at most `width` columns. When it does not fit, it shows the lines from `scroll` on and
 * the title says where it is and that j/k scroll; in one column (the screen-reader mode, where j/k
 * move a line cursor) it says where in words: "lines 1 to 35 of 189".
 */
export function helpLayout(width: number, height: number, scroll = 0, oneColumn = false, sections: readonly HelpSection[] = helpSections()): string[] {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  if (h === 0) return [];
  const title = helpTitle();
  if (h === 1) return [truncate(title, w)];
  const body = helpBody(w, h - 1, sections, oneColumn);
  if (body.length <= h - 1) return [truncate(title, w), ...body];
  const top = Math.min(Math.max(0, Math.floor(scroll)), body.length - (h - 1));
  const shown = body.slice(top, top + h - 1);
  if (oneColumn) return [truncate(helpTitle(`, ${spokenLineRange(top + 1, top + shown.length, body.length)}`), w), ...shown];
  const more = `${top > 0 ? '▲' : ' '}${top + shown.length < body.length ? '▼' : ' '}`;
  const position = `  ${top + 1}–${top + shown.length}/${body.length} ${more} ${keyIn('moveDown', 'help')}/${keyIn('moveUp', 'help')} scroll`;
  return [displayWidth(title + position) <= w ? title + position : truncate(`${title} ${more}`, w), ...shown];
}
