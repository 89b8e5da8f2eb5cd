/**
 * JSON text for terminals, pipes and the clipboard. `JSON.stringify` escapes U+0000–U+001F and
 * lone surrogates; it leaves DEL, the C1 controls (U+007F–U+009F) and the line/paragraph
 * separators raw. Those are escaped here as `\u` sequences too, so no raw control character
 * reaches a terminal, and `JSON.parse` of each line still gives back exactly the value the server
 * sent. They can only occur inside JSON strings, so replacing them in the serialised text is
 * always valid.
 */

const NOT_ESCAPED_BY_JSON = /[\u007f-\u009f\u2028\u2029]/g;

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
