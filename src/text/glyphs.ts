/**
 * Every non-ASCII glyph the app draws itself, with the ASCII form it takes when the terminal is
 * not UTF-8 (see charset.ts). Server text has no table: outside ASCII it is shown as '?'.
 */
import { asciiOnly } from './charset.js';

const GLYPHS = {
  crumbSeparator: { utf8: '›', ascii: '>' },
  ellipsis: { utf8: '…', ascii: '...' },
  mask: { utf8: '•', ascii: '*' },
  arrowUp: { utf8: '↑', ascii: '^' },
  arrowDown: { utf8: '↓', ascii: 'v' },
  arrowLeft: { utf8: '←', ascii: '<' },
  arrowRight: { utf8: '→', ascii: '>' },
  moreAbove: { utf8: '▲', ascii: '^' },
  moreBelow: { utf8: '▼', ascii: 'v' },
  dash: { utf8: '—', ascii: '-' },
  rangeDash: { utf8: '–', ascii: '-' },
  separator: { utf8: '·', ascii: '|' },
} as const;

type GlyphName = keyof typeof GLYPHS;

const SPINNER = {
  utf8: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
  ascii: ['|', '/', '-', '\\'],
} as const;

/** A glyph in the form the terminal can show. */
export function glyph(name: GlyphName): string {
  return asciiOnly() ? GLYPHS[name].ascii : GLYPHS[name].utf8;
}

/** The spinner's frames in the form the terminal can show. */
export function spinnerFrames(): readonly string[] {
  return asciiOnly() ? SPINNER.ascii : SPINNER.utf8;
}

/** Characters of the app's own messages that are not glyphs it draws, in ASCII (a message on stderr, say). */
const TEXT_ASCII: readonly (readonly [string, string])[] = [
  ['‘', "'"],
  ['’', "'"],
  ['“', '"'],
  ['”', '"'],
  ['×', 'x'],
  ['≤', '<='],
  ['≥', '>='],
  ['±', '+/-'],
  ['µ', 'u'],
  ['²', '2'],
];

const ASCII_OF = new Map<string, string>([
  ...Object.values(GLYPHS).map(({ utf8, ascii }) => [utf8, ascii] as const),
  ...TEXT_ASCII,
  ...SPINNER.utf8.map((frame, i) => [frame, SPINNER.ascii[i % SPINNER.ascii.length] ?? '|'] as const),
]);

const ASCII = /^[\u0000-\u007f]*$/;
const segmenter = new Intl.Segmenter();

/** `text` in ASCII: the app's glyphs by the table, every other grapheme outside ASCII as '?'. */
export function toAscii(text: string): string {
  if (ASCII.test(text)) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text)) out += ASCII.test(segment) ? segment : (ASCII_OF.get(segment) ?? '?');
  return out;
}

/**
 * One ASCII character per column for a grapheme already laid out `width` columns wide — for the
 * frame writer, where the layout is fixed and a longer form would shift the row.
 */
export function asciiCells(grapheme: string, width: number): string[] {
  const known = ASCII_OF.get(grapheme);
  if (known !== undefined && width === 1) return [known.charAt(0)];
  return Array.from({ length: Math.max(1, width) }, () => '?');
}

/**
 * For a screen reader: the app's decorative glyphs as the plain character a reader passes over or
 * says as a pause, one column each (the layout stays). Arrows for more above or below go blank:
 * the position beside them says as much in numbers. The ellipsis of cut text stays: a reader says
 * it as "dot dot dot" or a pause, where a full stop would end the sentence mid-word.
 */
const PLAIN_OF = new Map<string, string>([
  ['—', '-'],
  ['–', '-'],
  ['·', ','],
  ['›', '/'],
  ['▲', ' '],
  ['▼', ' '],
  ['↑', ' '],
  ['↓', ' '],
  ['→', '-'],
  ['←', '-'],
  ['•', '*'],
]);

let plain = false;

/** From now on frames show the plain forms of decorative glyphs (the screen-reader mode). */
export function setPlainGlyphs(on: boolean): void {
  plain = on;
}

/** A one-column grapheme as it is drawn: its plain form while plain glyphs are on. */
export function drawnGlyph(grapheme: string): string {
  return plain ? (PLAIN_OF.get(grapheme) ?? grapheme) : grapheme;
}

/** Arrow keys by name, for a screen reader (a plain arrow is drawn blank). */
const ARROW_WORDS: readonly (readonly [string, string])[] = [
  ['↑↓', 'Up/Down'],
  ['↑', 'Up'],
  ['↓', 'Down'],
  ['←', 'Left'],
  ['→', 'Right'],
];

/**
 * Text that names keys (help, hints) with its arrows as words and its separators as commas while
 * plain glyphs are on (a separator drawn as a comma in place would leave two spaces after it), and
 * with its arrows as words on an ASCII-only terminal (whose one-character forms `v` and `^` are real
 * keys); as it is otherwise.
 */
export function spokenKeys(text: string): string {
  if (!plain && !asciiOnly()) return text;
  let out = plain ? text.replaceAll(' · ', ', ') : text;
  for (const [arrow, word] of ARROW_WORDS) out = out.replaceAll(arrow, word);
  return out;
}
