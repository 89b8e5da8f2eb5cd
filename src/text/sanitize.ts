/**
 * Makes untrusted text (anything a server sent) safe to write to a terminal.
 *
 * Removes whole escape sequences with their payloads (7-bit ESC forms and 8-bit C1 forms), every
 * remaining C0/C1 control and DEL, bidi override/isolate controls, lone surrogates, and invisible
 * format characters; joiners, variation selectors and skin tones only outside an emoji sequence
 * (a family emoji stays one grapheme). Tabs, line breaks (\t \n \r, U+2028, U+2029) become one
 * space per run so a value stays on one line.
 */

// Order matters: whole sequences first, then single characters. Unterminated string sequences
// (OSC, DCS, …) swallow the rest of the value, as a terminal would.
const SEQUENCE_SOURCE = [
  // CSI: ESC [ or 8-bit CSI, parameter bytes, intermediate bytes, final byte.
  '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?',
  // OSC: ESC ] or 8-bit OSC, payload, ended by BEL, ST (ESC \) or 8-bit ST.
  '(?:\\u001b\\]|\\u009d)[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
  // DCS, SOS, PM, APC: ESC P|X|^|_ or their 8-bit forms, payload, ended by ST.
  '(?:\\u001b[PX^_]|[\\u0090\\u0098\\u009e\\u009f])[^\\u001b\\u009c]*(?:\\u001b\\\\|\\u009c)?',
  // Other escapes: ESC, intermediate bytes, one final byte (ESC 7, ESC ( B, ESC # 8).
  '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]?',
  // Line breaks and tabs: one space per run (captured so the replacer can tell them apart).
  '([\\t\\n\\r\\u2028\\u2029]+)',
  // Everything else that must not reach a terminal.
  '[\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]',
  // Joiners, variation selectors and skin-tone modifiers outside an emoji sequence (inside one
  // they are part of its grapheme, which is kept whole and measured as one: a family stays one
  // emoji), and the other invisible format characters.
  '\\u200d(?!\\p{Extended_Pictographic})',
  '(?<!\\p{Extended_Pictographic}[\\ufe0f\\u{1f3fb}-\\u{1f3ff}]?)\\u200d',
  '(?<!\\p{Emoji})[\\ufe0e\\ufe0f]',
  '(?<!\\p{Emoji_Modifier_Base})[\\u{1f3fb}-\\u{1f3ff}]',
  '[\\u200b\\u200c\\u2060\\ufeff]',
  // Lone surrogates (with the u flag a valid pair is one code point and does not match).
  '[\\ud800-\\udfff]',
].join('|');

const UNSAFE = new RegExp(SEQUENCE_SOURCE, 'gu');

// Cheap pre-check: most values contain none of these, and then the string is returned as is.
// Without the u flag this also matches paired surrogates (emoji), which just take the slow path.
const MAYBE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufe0e\ufe0f\ufeff\ud800-\udfff]/;

// MAYBE_UNSAFE without the line breaks and tabs: text with none of these (multi-line text, the
// newline-joined search text of every list item) only has its line breaks to turn into spaces.
const UNSAFE_BESIDES_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufe0e\ufe0f\ufeff\ud800-\udfff]/;
const LINE_BREAK_RUNS = /[\t\n\r\u2028\u2029]+/g;

const replaceUnsafe = (_match: string, whitespace: string | undefined): string =>
  whitespace === undefined ? '' : ' ';

/** Converts a string to terminal-safe text (see the module comment). */
export function sanitizeString(value: string): string {
  if (!MAYBE_UNSAFE.test(value)) return value;
  if (!UNSAFE_BESIDES_LINE_BREAKS.test(value)) return value.replace(LINE_BREAK_RUNS, ' ');
  return value.replace(UNSAFE, replaceUnsafe);
}

/**
 * Terminal-safe text for any value: strings are cleaned, numbers, booleans and bigints become
 * `String(value)`, everything else (null, undefined, objects, functions, symbols) becomes ''.
 */
export function sanitize(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return sanitizeString(value);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return '';
  }
}

// C0 controls, DEL and C1 controls: what a terminal acts on rather than draws. For text that is
// not drawn as a value (a key, a clipboard, a history entry), where `sanitize` would do too much.
const CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_CHAR_RUNS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** True when `text` holds a C0 control, DEL or a C1 control. */
export const hasControlChars = (text: string): boolean => CONTROL_CHAR.test(text);

/** `text` with each run of C0 controls, DEL and C1 controls replaced by `replacement` (default: removed). */
export const replaceControlChars = (text: string, replacement = ''): string => text.replace(CONTROL_CHAR_RUNS, replacement);
