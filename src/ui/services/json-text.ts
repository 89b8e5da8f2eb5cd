/**
 * JSON text that is safe to put on a terminal or clipboard. `JSON.stringify` escapes U+0000–U+001F;
 * it leaves DEL, the C1 controls (U+007F–U+009F) and U+2028/U+2029 raw. Those can only occur inside
 * JSON strings, so replacing them with `\u` escapes keeps the text valid and `JSON.parse` still
 * returns exactly what the server sent.
 */

const NOT_ESCAPED_BY_JSON = /[\u007f-\u009f\u2028\u2029]/g;

const escapeChar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Compact JSON of a value with no raw control character in it. */
export function safeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(NOT_ESCAPED_BY_JSON, escapeChar);
}

/** NDJSON text: one `safeJson` line per value, each ending in a newline. */
export function ndjsonText(values: readonly unknown[]): string {
  if (values.length === 0) return '';
  const lines = values.map((v) => JSON.stringify(v) ?? 'null');
  lines.push('');
  return lines.join('\n').replace(NOT_ESCAPED_BY_JSON, escapeChar);
}
