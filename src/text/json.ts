/**
 * JSON text for every file we write (NDJSON, exports, HAR files, our own files), for terminals,
 * pipes and the clipboard: the one escaping. `JSON.stringify` escapes U+0000–U+001F and lone
 * surrogates; it leaves DEL, the C1 controls (U+007F–U+009F), the line/paragraph separators and
 * the bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) raw. Those are escaped here
 * as `\u` sequences too, so no raw control character reaches a terminal that `cat`s the file and
 * no text is reordered on screen, while `JSON.parse` still gives back exactly the value the
 * server sent. They can only occur inside JSON strings, so replacing them in the serialised text
 * is always valid.
 */

const NOT_ESCAPED_BY_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Escapes the characters JSON.stringify leaves raw (see the module comment) in serialised JSON. */
export function escapeJsonControls(json: string): string {
  NOT_ESCAPED_BY_JSON.lastIndex = 0;
  return NOT_ESCAPED_BY_JSON.test(json) ? json.replace(NOT_ESCAPED_BY_JSON, escapeChar) : json;
}

/** One NDJSON line (with its trailing newline) for a value. */
export function ndjsonLine(value: unknown): string {
  return `${escapeJsonControls(JSON.stringify(value) ?? 'null')}\n`;
}

/** Many values as NDJSON text, one line each; `''` for none. */
export function ndjsonLines(values: readonly unknown[]): string {
  if (values.length === 0) return '';
  // join builds one flat string: cheaper to scan and to write than a long chain of concatenations.
  const lines = values.map((v) => JSON.stringify(v) ?? 'null');
  lines.push('');
  return escapeJsonControls(lines.join('\n'));
}

/** Compact JSON of a value with no raw control character in it (for the clipboard). */
export function safeJson(value: unknown): string {
  return escapeJsonControls(JSON.stringify(value) ?? 'null');
}

/** JSON of a value, indented by `indent` spaces, with no raw control character in it (for files). */
export function jsonText(value: unknown, indent: number): string {
  return escapeJsonControls(JSON.stringify(value, null, indent) ?? 'null');
}
